# The C side of the block construction's write (construct.pyx), verbatim C
# because it needs SSE2 intrinsics, non-temporal stores and mmap, which
# Cython cannot spell: numbering a block from its arc tables, copying a
# chunk's rows to the board, fetching the board's lines ahead, and zeroed
# (huge-page) memory for the walk's marks.  Only construct.pyx cimports it:
# the functions are static, so every module that did would carry a copy.
from libc.stdint cimport int32_t

cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    #if defined(__SSE2__) || defined(_M_X64) || defined(_M_AMD64)
    #include <emmintrin.h>
    #define KT_SSE2 1
    #else
    #define KT_SSE2 0
    #endif

    /* KT_LANES values per block row in the tables; a block row is 5..11. */
    #define KT_LANES 12

    /* One block (h rows of w = 5..11 values, row stride `stride`): square
       value = T[c] + b0 + sum over arcs a >= 1 of (M_a[c] & d_a), from the
       block's arc tables (see _tables).  Each row is written as whole
       4-value vectors at 0, 4, .. and a last one ending at w, overlapping
       the one before, so nothing is written outside the block.  Cases per
       arc count and width keep the loops short and free of branches. */
    #if KT_SSE2
    #define KT_LD(p) _mm_loadu_si128((const __m128i*)(p))
    #define KT_V1(o) _mm_add_epi32(KT_LD(T + (o)), B)
    #define KT_V2(o) _mm_add_epi32(KT_V1(o), _mm_and_si128(KT_LD(M + (o)), D1))
    #define KT_V3(o) _mm_add_epi32(KT_V2(o), _mm_and_si128(KT_LD(M + plane + (o)), D2))
    #define KT_V4(o) _mm_add_epi32(KT_V3(o), _mm_and_si128(KT_LD(M + 2 * plane + (o)), D3))
    #define KT_ST(o, V) _mm_storeu_si128((__m128i*)(dst + (o)), V(o))
    #define KT_ROWS(V, W) \
        for (r = 0; r < h; r++, T += KT_LANES, M += KT_LANES, dst += stride) { \
            KT_ST(0, V); \
            if ((W) > 8) KT_ST(4, V); \
            KT_ST((W) - 4, V); \
        }
    #define KT_WIDTHS(V) \
        switch (w) { \
        case 5: KT_ROWS(V, 5) break; \
        case 6: KT_ROWS(V, 6) break; \
        case 7: KT_ROWS(V, 7) break; \
        case 8: KT_ROWS(V, 8) break; \
        case 9: KT_ROWS(V, 9) break; \
        case 10: KT_ROWS(V, 10) break; \
        default: KT_ROWS(V, 11) break; \
        }
    #endif
    static inline void kt_block(int32_t* dst, Py_ssize_t stride, const int32_t* T,
                                const int32_t* M, int h, int w, int nm, int32_t b0,
                                int32_t d1, int32_t d2, int32_t d3)
    {
        const Py_ssize_t plane = (Py_ssize_t)h * KT_LANES;
        int r;
    #if KT_SSE2
        const __m128i B = _mm_set1_epi32(b0), D1 = _mm_set1_epi32(d1);
        const __m128i D2 = _mm_set1_epi32(d2), D3 = _mm_set1_epi32(d3);
        switch (nm) {
        case 0: KT_WIDTHS(KT_V1) break;
        case 1: KT_WIDTHS(KT_V2) break;
        case 2: KT_WIDTHS(KT_V3) break;
        default: KT_WIDTHS(KT_V4) break;
        }
    #else
        /* Unsigned: the sums wrap like the vector ones (the result fits). */
        const uint32_t d[3] = {(uint32_t)d1, (uint32_t)d2, (uint32_t)d3};
        int c, k;
        for (r = 0; r < h; r++, T += KT_LANES, M += KT_LANES, dst += stride)
            for (c = 0; c < w; c++) {
                uint32_t x = (uint32_t)T[c] + (uint32_t)b0;
                for (k = 0; k < nm; k++)
                    x += (uint32_t)M[k * plane + c] & d[k];
                dst[c] = (int32_t)x;
            }
    #endif
    }

    /* Copy n values to the board.  `stream`: with non-temporal stores, which
       skip reading the board's lines into the cache only to overwrite them
       (a board far bigger than the cache would otherwise cost a read for
       every write); the stores need 16-byte alignment, so the ends of a
       misaligned run go one value at a time (still non-temporal).  `stream`
       2 (a window of a larger board, whose rows do not meet end to end):
       the partial 64-byte lines at the ends of the run get ordinary stores,
       as a line half-written by non-temporal stores costs a partial write
       to memory, and here no neighbouring run completes it. */
    static inline void kt_put_row(int32_t* dst, const int32_t* src, Py_ssize_t n, int stream)
    {
    #if KT_SSE2
        Py_ssize_t tail = 0;
        if (stream == 2) {
            while (n > 0 && ((uintptr_t)dst & 63)) {
                *dst++ = *src++;
                n--;
            }
            tail = (Py_ssize_t)(((uintptr_t)(dst + n) & 63) / sizeof(int32_t));
            if (tail > n)
                tail = n;
            n -= tail;
        }
        if (stream) {
            while (n > 0 && ((uintptr_t)dst & 15)) {
                _mm_stream_si32((int*)dst, *src);
                dst++; src++; n--;
            }
            for (; n >= 16; n -= 16, dst += 16, src += 16) {
                __m128i x0 = _mm_loadu_si128((const __m128i*)src);
                __m128i x1 = _mm_loadu_si128((const __m128i*)(src + 4));
                __m128i x2 = _mm_loadu_si128((const __m128i*)(src + 8));
                __m128i x3 = _mm_loadu_si128((const __m128i*)(src + 12));
                _mm_stream_si128((__m128i*)dst, x0);
                _mm_stream_si128((__m128i*)(dst + 4), x1);
                _mm_stream_si128((__m128i*)(dst + 8), x2);
                _mm_stream_si128((__m128i*)(dst + 12), x3);
            }
            for (; n >= 4; n -= 4, dst += 4, src += 4)
                _mm_stream_si128((__m128i*)dst, _mm_loadu_si128((const __m128i*)src));
            for (; n > 0; n--)
                _mm_stream_si32((int*)dst++, *src++);
            for (; tail > 0; tail--)
                *dst++ = *src++;
            return;
        }
    #endif
        (void)stream;
        memcpy(dst, src, (size_t)n * sizeof(int32_t));
    }

    /* Zeroed memory for the walk's marks (16 bytes a block: 16 MB for 10^8
       squares).  From calloc that is a fresh mapping of 4 KB pages, each
       faulted in and zeroed on first touch -- on a VM as long as the walk
       itself; so on Linux it asks for transparent huge pages, as numpy does
       for its arrays.  kt_zfree takes what kt_zalloc filled in. */
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    typedef struct { void* map; size_t len; void* heap; } kt_zone;
    #define KT_HUGE ((size_t)2 << 20)
    static void* kt_zalloc(kt_zone* z, size_t n)
    {
        z->map = NULL; z->len = 0; z->heap = NULL;
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (n >= 2 * KT_HUGE) {
            size_t len = n + KT_HUGE;
            void* p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p != MAP_FAILED) {
                char* a = (char*)(((uintptr_t)p + KT_HUGE - 1) & ~(uintptr_t)(KT_HUGE - 1));
                madvise(a, n, MADV_HUGEPAGE);    /* a hint: no huge pages is fine */
                z->map = p; z->len = len;
                return a;
            }
        }
    #endif
        z->heap = calloc(n, 1);
        return z->heap;
    }
    static void kt_zfree(kt_zone* z)
    {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (z->map != NULL)
            munmap(z->map, z->len);
    #endif
        free(z->heap);
        z->map = z->heap = NULL;
    }

    /* Hands one board row's share of a chunk to kt_put_row.  buf[KT_CARRY + c
       - x0] holds board column c for c in [x0, x1), and the KT_CARRY values
       before it what the chunk before left over, from column *pend.  The
       copy stops at the last 64-byte line boundary before x1 (unless the
       row ends there) and carries the rest into the next chunk's buffer:
       a line left half-written by non-temporal stores is flushed as a
       partial write, far dearer than a whole line.  A chunk other than a
       row's last is wider than KT_CARRY, so the carry always fits. */
    #define KT_CARRY 16
    static inline void kt_flush_row(int32_t* row, int32_t* buf, Py_ssize_t x0, Py_ssize_t x1,
                                    Py_ssize_t cols, Py_ssize_t* pend, int stream)
    {
        Py_ssize_t end = x1;
        if (x1 < cols)
            end -= (Py_ssize_t)(((uintptr_t)(row + x1) & 63) / sizeof(int32_t));
        kt_put_row(row + *pend, buf + KT_CARRY + (*pend - x0), end - *pend, stream);
        memmove(buf + KT_CARRY - (x1 - end), buf + KT_CARRY + (end - x0),
                (size_t)(x1 - end) * sizeof(int32_t));
        *pend = end;
    }

    /* Asks for the board's lines under a block just numbered into the chunk
       buffer, one per row (blocks are 20 to 44 bytes wide, so nearly every
       line of a row holds some block's first column), so that they are in
       the cache when the chunk is copied out.  Without it the copy waits
       for the board's lines row after row: 1000x1000 took about 0.7 ms
       instead of 0.6, 2000x2000 about 5 ms instead of 2.5, and a window of
       a larger board (rows not end to end, as construct_between writes its
       rectangles) a quarter longer again. */
    static inline void kt_prefetch_rows(const int32_t* dst, Py_ssize_t stride, int h)
    {
        int r;
        for (r = 0; r < h; r++, dst += stride) {
    #if defined(__GNUC__) || defined(__clang__)
            __builtin_prefetch(dst, 1, 3);
    #elif KT_SSE2
            _mm_prefetch((const char*)dst, _MM_HINT_T0);
    #endif
        }
    }

    /* Orders the non-temporal stores before whatever the caller does next. */
    static inline void kt_fence(void)
    {
    #if KT_SSE2
        _mm_sfence();
    #endif
    }
    """
    enum: KT_LANES
    void kt_block(int32_t* dst, Py_ssize_t stride, const int32_t* T, const int32_t* M,
                  int h, int w, int nm, int32_t b0, int32_t d1, int32_t d2,
                  int32_t d3) noexcept nogil
    void kt_put_row(int32_t* dst, const int32_t* src, Py_ssize_t n, int stream) noexcept nogil
    void kt_fence() noexcept nogil
    void kt_prefetch_rows(const int32_t* dst, Py_ssize_t stride, int h) noexcept nogil
    enum: KT_CARRY
    void kt_flush_row(int32_t* row, int32_t* buf, Py_ssize_t x0, Py_ssize_t x1, Py_ssize_t cols,
                      Py_ssize_t* pend, int stream) noexcept nogil
    ctypedef struct kt_zone:
        pass
    void* kt_zalloc(kt_zone* z, size_t n) noexcept nogil
    void kt_zfree(kt_zone* z) noexcept nogil
