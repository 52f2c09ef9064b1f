/* The divide-and-conquer knight's tour construction in plain C: the reference
 * bench_construct.py measures knight's construction against.
 *
 * Parberry ("An efficient algorithm for the Knight's tour problem", Discrete
 * Applied Mathematics 73, 1997) splits the board into blocks, gives each a
 * stored "structured" closed tour, joins the tours into one by swapping two
 * parallel edges across each join, and walks the joined tour to number the
 * squares.  This program does the same, the classic way: a table of each
 * square's two tour neighbours, edge swaps in that table, then a walk that
 * follows the neighbours square by square.
 *
 * It types in no tour data: the block tours are the package's own, exported
 * by bench_construct.py at run time to a small binary file (all little-endian
 * int32):
 *
 *     count, then per block: h, w, k, and h*w direction codes (0..7, an index
 *     into knight.DEFAULT_ORDER, two per square: low nibble, high nibble)
 *
 * where k = 0 is the block for block column 0 (it has the join edges up,
 * right and down) and k = 1 for the other columns (left and right).  The
 * blocks are placed with the package's own rules (sides cut into parts of
 * 10, then 6 and 8; an odd side gets one part of 5, 7 or 9), so both build
 * the same tour.  Boards with a closed tour only (no odd x odd boards); an
 * open tour from a square is the same cycle without its closing move.
 *
 * Usage: construct ROWS COLS START_ROW START_COL BLOCKFILE [REPS [OUTFILE]]
 * Prints one "RESULT seconds=..." line per repetition: the time from
 * allocating the tables and the board to the last square numbered (reading
 * the block file is not counted).  OUTFILE, if given, gets the last board as
 * raw int32 so the caller can verify it.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const int DR[8] = {2, 1, -1, -2, -2, -1, 1, 2};
static const int DC[8] = {1, 2, 2, 1, -1, -2, -2, -1};

/* tile[h][w][k]: the block's direction codes, or NULL. */
static uint8_t *tile[12][12][2];

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int read_i32(FILE *f, int32_t *v) { return fread(v, 4, 1, f) == 1; }

static int load(const char *path) {
    FILE *f = fopen(path, "rb");
    int32_t n, h, w, k, i, j, code;
    if (!f) return 0;
    if (!read_i32(f, &n)) return 0;
    for (i = 0; i < n; i++) {
        if (!read_i32(f, &h) || !read_i32(f, &w) || !read_i32(f, &k)) return 0;
        if (h < 5 || h > 11 || w < 5 || w > 11 || k < 0 || k > 1) return 0;
        tile[h][w][k] = malloc(h * w);
        for (j = 0; j < h * w; j++) {
            if (!read_i32(f, &code)) return 0;
            tile[h][w][k][j] = (uint8_t)code;
        }
    }
    fclose(f);
    return 1;
}

/* The package's cut of a side into parts (knight.construct._closed_parts). */
static int even_parts(int n, int *out) {
    int q = n / 10, r = n % 10, k = 0, i;
    if (n == 0) return 0;
    if (r == 0 || r >= 6) {
        for (i = 0; i < q; i++) out[k++] = 10;
        if (r) out[k++] = r;
        return k;
    }
    for (i = 0; i < q - 1; i++) out[k++] = 10;
    out[k++] = r == 2 ? 6 : 8;
    out[k++] = 6;
    return k;
}

static int closed_parts(int n, int *out) {
    if (n % 2 == 0) return even_parts(n, out);
    if (n <= 9) { out[0] = n; return 1; }
    out[0] = 5;
    return 1 + even_parts(n - 5, out + 1);
}

/* Replace the tour edges a-b and c-d by a-c and b-d (a cycle join). */
static void unlink1(int32_t *n1, int32_t *n2, int32_t x, int32_t y) {
    if (n1[x] == y) n1[x] = -1; else n2[x] = -1;
}
static void link1(int32_t *n1, int32_t *n2, int32_t x, int32_t y) {
    if (n1[x] < 0) n1[x] = y; else n2[x] = y;
}
static void swap_edges(int32_t *n1, int32_t *n2, int32_t a, int32_t b, int32_t c, int32_t d) {
    unlink1(n1, n2, a, b); unlink1(n1, n2, b, a);
    unlink1(n1, n2, c, d); unlink1(n1, n2, d, c);
    link1(n1, n2, a, c); link1(n1, n2, c, a);
    link1(n1, n2, b, d); link1(n1, n2, d, b);
}

static int build(int rows, int cols, int sr, int sc, int32_t *board) {
    int64_t n = (int64_t)rows * cols, step;
    int *rp = malloc(sizeof(int) * (rows / 5 + 2)), *cp = malloc(sizeof(int) * (cols / 5 + 2));
    int nr = closed_parts(rows, rp), nc = closed_parts(cols, cp), i, j, r, c, y, x;
    int32_t *n1 = malloc(sizeof(int32_t) * n), *n2 = malloc(sizeof(int32_t) * n);
    int32_t prev, cur, nxt;
    if (!rp || !cp || !n1 || !n2) return 0;
    /* Every block's tour into the neighbour table. */
    for (i = 0, y = 0; i < nr; y += rp[i], i++) {
        for (j = 0, x = 0; j < nc; x += cp[j], j++) {
            int h = rp[i], w = cp[j];
            const uint8_t *t = tile[h][w][j > 0];
            if (!t) return 0;
            for (r = 0; r < h; r++) {
                for (c = 0; c < w; c++) {
                    int v = t[r * w + c], lo = v & 15, hi = v >> 4;
                    int32_t s = (int32_t)((y + r) * cols + x + c);
                    n1[s] = (int32_t)((y + r + DR[lo]) * cols + x + c + DC[lo]);
                    n2[s] = (int32_t)((y + r + DR[hi]) * cols + x + c + DC[hi]);
                }
            }
        }
    }
    /* Join each block row left to right, and the rows through column 0. */
#define SQ(r_, c_) ((int32_t)((r_) * cols + (c_)))
    for (i = 0, y = 0; i < nr; y += rp[i], i++) {
        for (j = 1, x = cp[0]; j < nc; x += cp[j], j++)
            swap_edges(n1, n2, SQ(y, x - 1), SQ(y + 2, x - 2), SQ(y + 1, x + 1), SQ(y + 3, x));
        if (i > 0)
            swap_edges(n1, n2, SQ(y - 1, 0), SQ(y - 2, 2), SQ(y + 1, 1), SQ(y, 3));
    }
    /* Walk the joined cycle from the start. */
    prev = -1;
    cur = SQ(sr, sc);
    for (step = 0; step < n; step++) {
        board[cur] = (int32_t)step;
        nxt = n1[cur] != prev ? n1[cur] : n2[cur];
        prev = cur;
        cur = nxt;
    }
    free(n1); free(n2); free(rp); free(cp);
    return cur == SQ(sr, sc);   /* back at the start: one cycle through every square */
}

int main(int argc, char **argv) {
    int rows, cols, sr, sc, reps = 1, rep, ok = 1;
    int32_t *board = NULL;
    if (argc < 6) {
        fprintf(stderr, "usage: %s ROWS COLS START_ROW START_COL BLOCKFILE [REPS [OUTFILE]]\n",
                argv[0]);
        return 2;
    }
    rows = atoi(argv[1]); cols = atoi(argv[2]); sr = atoi(argv[3]); sc = atoi(argv[4]);
    if (argc > 6) reps = atoi(argv[6]);
    if (rows < 5 || cols < 5 || (rows % 2 && cols % 2) || sr < 0 || sr >= rows || sc < 0
        || sc >= cols || reps < 1) {
        fprintf(stderr, "need a board with a closed tour, both sides >= 5, a start on it\n");
        return 2;
    }
    if (!load(argv[5])) {
        fprintf(stderr, "cannot read the block file %s\n", argv[5]);
        return 2;
    }
    for (rep = 0; rep < reps; rep++) {
        double t;
        free(board);
        t = now();
        board = malloc(sizeof(int32_t) * (size_t)rows * cols);
        ok = board && build(rows, cols, sr, sc, board);
        t = now() - t;
        if (!ok) {
            fprintf(stderr, "the joined blocks are not one tour\n");
            return 1;
        }
        printf("RESULT seconds=%.9f squares=%lld\n", t, (long long)rows * cols);
    }
    if (argc > 7) {
        FILE *f = fopen(argv[7], "wb");
        if (!f || fwrite(board, 4, (size_t)rows * cols, f) != (size_t)rows * cols) return 1;
        fclose(f);
    }
    free(board);
    return 0;
}
