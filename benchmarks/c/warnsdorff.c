/*
 * Greedy Warnsdorff walk on an m x n board: the C reference of
 * knight.solve(..., method="warnsdorff", tie_break="first").
 *
 * It is written to make exactly the same decisions as the package's core
 * (knight._search.warnsdorff at the time of writing), so both reach the same
 * tour or the same dead end:
 *
 *   - the eight moves are tried in knight.DEFAULT_ORDER:
 *       (2,1) (1,2) (-1,2) (-2,1) (-2,-1) (-1,-2) (1,-2) (2,-1)  as (drow, dcol);
 *   - the knight moves to the free square with the fewest free onward squares;
 *     a tie goes to the first such square in that order;
 *   - onward counts are kept incrementally: every square holds its number of
 *     free neighbours, and visiting a square decrements its eight neighbours,
 *     so one step costs O(1).
 *
 * Board layout (same as the package): a flat int32 array of (rows+4) x (cols+4)
 * cells with a two-cell border marked visited, so a knight move never needs a
 * bounds check.  A free square holds its free-neighbour count (0..8); a visited
 * square or border cell holds VISITED (64) more than that, so "free" is
 * cells[q] < FREE_BELOW (32).
 *
 * What is timed (clock_gettime(CLOCK_MONOTONIC)), to match one call of the
 * package's solve(): allocating the padded board, the path and the output
 * board; clearing and counting; the walk; writing step numbers into the
 * output board (-1 on squares never reached); on a dead end, also the path as
 * (row, col) pairs (what knight.DeadEndError carries).  Large buffers get
 * madvise(MADV_HUGEPAGE) like numpy's (numpy does this for arrays >= 4 MiB).
 *
 * Usage:  warnsdorff ROWS COLS START_ROW START_COL [--reps K] [--inner K] [--dump FILE]
 *   --reps K   K timed walks, one RESULT line each (default 1)
 *   --inner K  each timed figure is the mean over K back-to-back walks (for tiny boards)
 *   --dump F   after the last walk, write the output board to F as raw int32 (row-major)
 *
 * Output, one line per rep (key=value, parsed by benchmarks/_bench.py):
 *   RESULT prog=warnsdorff rows=R cols=C start=r,c status=found|dead_end
 *          squares=N end=r,c seconds=S
 *
 * Plain C99 plus POSIX clock_gettime/madvise; no dependencies.
 */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define VISITED 64
#define FREE_BELOW 32

static const int DR[8] = {2, 1, -1, -2, -2, -1, 1, 2};
static const int DC[8] = {1, 2, 2, 1, -1, -2, -2, -1};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* malloc, plus a transparent-huge-page hint on big blocks, as numpy does. */
static void *big_alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "warnsdorff: out of memory (%zu bytes)\n", bytes);
        exit(2);
    }
#ifdef MADV_HUGEPAGE
    if (bytes >= ((size_t)4 << 20)) {
        uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
        uintptr_t lo = ((uintptr_t)p + page - 1) & ~(page - 1);
        uintptr_t hi = ((uintptr_t)p + bytes) & ~(page - 1);
        if (hi > lo)
            madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
    }
#endif
    return p;
}

typedef struct {
    int found;          /* 1: every square covered; 0: dead end */
    long long squares;  /* squares reached, the start included */
    long long end;      /* flat index (row * cols + col) of the last square */
    int32_t *board;     /* rows x cols step numbers, -1 where never reached */
} Walk;

static Walk walk(long rows, long cols, long sr, long sc)
{
    long width = cols + 4, height = rows + 4;
    long long total = (long long)rows * cols;
    long off[8];
    int32_t *c = big_alloc(sizeof(int32_t) * (size_t)(width * height));
    int32_t *path = big_alloc(sizeof(int32_t) * (size_t)total);
    int32_t *board = big_alloc(sizeof(int32_t) * (size_t)total);
    Walk w;
    long r, col, p, q, best_q = 0;
    long long steps = 1, i;
    int k;

    for (k = 0; k < 8; k++)
        off[k] = DR[k] * width + DC[k];

    /* Border visited, board squares free (0). */
    for (r = 0; r < height; r++)
        for (col = 0; col < width; col++)
            c[r * width + col] =
                (r >= 2 && r < rows + 2 && col >= 2 && col < cols + 2) ? 0 : VISITED;
    /* Each square's number of free neighbours. */
    for (r = 0; r < rows; r++) {
        p = (r + 2) * width + 2;
        for (col = 0; col < cols; col++, p++) {
            int n = 0;
            for (k = 0; k < 8; k++)
                n += c[p + off[k]] < FREE_BELOW;
            c[p] = n;
        }
    }

    p = (sr + 2) * width + sc + 2;
    path[0] = (int32_t)p;
    c[p] += VISITED;
    for (k = 0; k < 8; k++)
        c[p + off[k]] -= 1;

    while (steps < total) {
        int32_t best = FREE_BELOW;
        /* Fewest onward squares; strict "<" keeps the first of equal counts. */
        for (k = 0; k < 8; k++) {
            q = p + off[k];
            if (c[q] < best) {
                best = c[q];
                best_q = q;
            }
        }
        if (best == FREE_BELOW)
            break; /* no free neighbour: dead end */
        p = best_q;
        path[steps++] = (int32_t)p;
        c[p] += VISITED;
        for (k = 0; k < 8; k++)
            c[p + off[k]] -= 1;
    }

    /* Step numbers into the output board, -1 on squares never reached. */
    if (steps < total)
        for (i = 0; i < total; i++)
            board[i] = -1;
    for (i = 0; i < steps; i++) {
        long pp = path[i];
        board[(pp / width - 2) * cols + (pp % width - 2)] = (int32_t)i;
    }
    w.found = steps == total;
    w.squares = steps;
    w.end = (long long)(p / width - 2) * cols + (p % width - 2);
    w.board = board;
    if (!w.found) {
        /* The partial path as (row, col) pairs, as knight.DeadEndError holds it. */
        int32_t *pairs = big_alloc(sizeof(int32_t) * 2 * (size_t)steps);
        for (i = 0; i < steps; i++) {
            long pp = path[i];
            pairs[2 * i] = (int32_t)(pp / width - 2);
            pairs[2 * i + 1] = (int32_t)(pp % width - 2);
        }
        /* Keep the compiler from dropping the loop: fold one entry into the result. */
        w.squares += pairs[2 * (steps - 1)] - (int32_t)(p / width - 2);
        free(pairs);
    }
    free(path);
    free(c);
    return w;
}

int main(int argc, char **argv)
{
    long rows, cols, sr, sc, reps = 1, inner = 1, rep, j;
    const char *dump = NULL;
    int a;
    if (argc < 5) {
        fprintf(stderr, "usage: %s ROWS COLS START_ROW START_COL [--reps K] [--inner K] "
                        "[--dump FILE]\n", argv[0]);
        return 2;
    }
    rows = atol(argv[1]);
    cols = atol(argv[2]);
    sr = atol(argv[3]);
    sc = atol(argv[4]);
    for (a = 5; a + 1 < argc; a += 2) {
        if (!strcmp(argv[a], "--reps"))
            reps = atol(argv[a + 1]);
        else if (!strcmp(argv[a], "--inner"))
            inner = atol(argv[a + 1]);
        else if (!strcmp(argv[a], "--dump"))
            dump = argv[a + 1];
    }
    if (rows < 1 || cols < 1 || sr < 0 || sr >= rows || sc < 0 || sc >= cols || reps < 1
        || inner < 1) {
        fprintf(stderr, "warnsdorff: bad arguments\n");
        return 2;
    }
    for (rep = 0; rep < reps; rep++) {
        Walk w = {0, 0, 0, NULL};
        double t = now();
        for (j = 0; j < inner; j++) {
            if (w.board)
                free(w.board);
            w = walk(rows, cols, sr, sc);
        }
        t = (now() - t) / (double)inner;
        printf("RESULT prog=warnsdorff rows=%ld cols=%ld start=%ld,%ld status=%s squares=%lld "
               "end=%lld,%lld seconds=%.9f\n",
               rows, cols, sr, sc, w.found ? "found" : "dead_end", w.squares, w.end / cols,
               w.end % cols, t);
        if (dump && rep == reps - 1) {
            FILE *f = fopen(dump, "wb");
            if (!f || fwrite(w.board, sizeof(int32_t), (size_t)(rows * cols), f)
                          != (size_t)(rows * cols)) {
                fprintf(stderr, "warnsdorff: cannot write %s\n", dump);
                return 2;
            }
            fclose(f);
        }
        free(w.board);
    }
    return 0;
}
