/*
 * Plain fixed-order backtracking (depth-first search) for a knight's tour:
 * the C reference of knight.solve(..., method="backtrack", max_nodes=N).
 *
 * Same search as the package's core (knight._search._dfs_plain at the time of
 * writing), so both visit the same nodes in the same order:
 *
 *   - moves tried in knight.DEFAULT_ORDER:
 *       (2,1) (1,2) (-1,2) (-2,1) (-2,-1) (-1,-2) (1,-2) (2,-1)  as (drow, dcol);
 *   - a node is one placement of the knight, the start included (so a search
 *     that places only the start has visited 1 node);
 *   - before each placement the search stops with status node_limit if it has
 *     already placed max_nodes knights: the node count reported at the limit
 *     is then exactly max_nodes, as SearchLimitError.nodes;
 *   - a backtrack is one retreat;
 *   - closed tours: the last square must be a knight move from the start; a
 *     full path that cannot close is retreated from.
 *
 * Board layout: a flat int32 array of (rows+4) x (cols+4) cells whose two-cell
 * border is marked visited (no bounds checks); free squares hold 0, visited
 * ones VISITED.  The path keeps the squares and a per-depth byte the index of
 * the next move to try there.
 *
 * Timed with clock_gettime(CLOCK_MONOTONIC): clearing the board and the search
 * (the arrays are allocated before; on the boards this is run on that is
 * negligible).
 *
 * Usage:  backtrack ROWS COLS START_ROW START_COL MAX_NODES [closed] [--reps K] [--dump FILE]
 *   MAX_NODES 0 means no limit.
 * Output, one line per rep:
 *   RESULT prog=backtrack rows=R cols=C start=r,c closed=0|1
 *          status=found|exhausted|node_limit nodes=N backtracks=B depth=D seconds=S
 * --dump FILE writes the found tour (raw int32 step numbers, row-major; -1s if
 * none was found).
 *
 * Plain C99 plus POSIX clock_gettime; no dependencies.
 */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define VISITED 64
#define FREE_BELOW 32

static const int DR[8] = {2, 1, -1, -2, -2, -1, 1, 2};
static const int DC[8] = {1, 2, 2, 1, -1, -2, -2, -1};

enum { FOUND, EXHAUSTED, NODE_LIMIT };
static const char *STATUS[] = {"found", "exhausted", "node_limit"};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct {
    int status;
    long long nodes, backtracks;
    long depth;
} Result;

static int adjacent(long p, long s, const long *off)
{
    int k;
    for (k = 0; k < 8; k++)
        if (p + off[k] == s)
            return 1;
    return 0;
}

static Result search(int32_t *c, int32_t *path, int8_t *next, long rows, long cols, long sr,
                     long sc, int closed, long long max_nodes)
{
    long width = cols + 4, r, col, off[8];
    long last = rows * cols - 1; /* depth of the last square */
    long s = (sr + 2) * width + sc + 2, p = s, q, depth = 0;
    long long nodes = 1, backtracks = 0;
    int k = 0, status;
    Result res;

    for (k = 0; k < 8; k++)
        off[k] = DR[k] * width + DC[k];
    for (r = 0; r < rows + 4; r++)
        for (col = 0; col < width; col++)
            c[r * width + col] =
                (r >= 2 && r < rows + 2 && col >= 2 && col < cols + 2) ? 0 : VISITED;

    c[s] += VISITED;
    path[0] = (int32_t)s;
    k = 0;
    if (last == 0 && !closed) {
        status = FOUND;
    } else {
        for (;;) {
            /* Next free move from p, starting at move k. */
            q = 0;
            while (k < 8) {
                q = p + off[k++];
                if (c[q] < FREE_BELOW)
                    break;
                q = 0;
            }
            if (q == 0) {
                /* No move left from p: retreat. */
                c[p] -= VISITED;
                if (depth == 0) {
                    status = EXHAUSTED;
                    break;
                }
                depth--;
                backtracks++;
                p = path[depth];
                k = next[depth];
                continue;
            }
            if (nodes >= max_nodes) {
                status = NODE_LIMIT;
                break;
            }
            next[depth] = (int8_t)k; /* where to resume at this depth */
            path[++depth] = (int32_t)q;
            c[q] += VISITED;
            nodes++;
            if (depth == last && (!closed || adjacent(q, s, off))) {
                status = FOUND;
                break;
            }
            p = q;
            k = depth == last ? 8 : 0; /* a full board that cannot close: retreat */
        }
    }
    res.status = status;
    res.nodes = nodes;
    res.backtracks = backtracks;
    res.depth = depth;
    return res;
}

int main(int argc, char **argv)
{
    long rows, cols, sr, sc, reps = 1, rep, width, i;
    long long max_nodes;
    int closed = 0, a;
    const char *dump = NULL;
    int32_t *cells, *path;
    int8_t *next;
    if (argc < 6) {
        fprintf(stderr, "usage: %s ROWS COLS START_ROW START_COL MAX_NODES [closed] "
                        "[--reps K] [--dump FILE]\n", argv[0]);
        return 2;
    }
    rows = atol(argv[1]);
    cols = atol(argv[2]);
    sr = atol(argv[3]);
    sc = atol(argv[4]);
    max_nodes = atoll(argv[5]);
    if (max_nodes <= 0)
        max_nodes = INT64_MAX;
    for (a = 6; a < argc; a++) {
        if (!strcmp(argv[a], "closed"))
            closed = 1;
        else if (!strcmp(argv[a], "--reps") && a + 1 < argc)
            reps = atol(argv[++a]);
        else if (!strcmp(argv[a], "--dump") && a + 1 < argc)
            dump = argv[++a];
    }
    if (rows < 1 || cols < 1 || sr < 0 || sr >= rows || sc < 0 || sc >= cols || reps < 1) {
        fprintf(stderr, "backtrack: bad arguments\n");
        return 2;
    }
    width = cols + 4;
    cells = malloc(sizeof(int32_t) * (size_t)((rows + 4) * width));
    path = malloc(sizeof(int32_t) * (size_t)(rows * cols));
    next = malloc((size_t)(rows * cols));
    if (!cells || !path || !next) {
        fprintf(stderr, "backtrack: out of memory\n");
        return 2;
    }
    for (rep = 0; rep < reps; rep++) {
        double t = now();
        Result res = search(cells, path, next, rows, cols, sr, sc, closed, max_nodes);
        t = now() - t;
        printf("RESULT prog=backtrack rows=%ld cols=%ld start=%ld,%ld closed=%d status=%s "
               "nodes=%lld backtracks=%lld depth=%ld seconds=%.9f\n",
               rows, cols, sr, sc, closed, STATUS[res.status], res.nodes, res.backtracks,
               res.depth, t);
        if (dump && rep == reps - 1) {
            int32_t *board = malloc(sizeof(int32_t) * (size_t)(rows * cols));
            FILE *f = fopen(dump, "wb");
            if (!board || !f) {
                fprintf(stderr, "backtrack: cannot write %s\n", dump);
                return 2;
            }
            for (i = 0; i < rows * cols; i++)
                board[i] = -1;
            if (res.status == FOUND)
                for (i = 0; i <= res.depth; i++)
                    board[(path[i] / width - 2) * cols + path[i] % width - 2] = (int32_t)i;
            fwrite(board, sizeof(int32_t), (size_t)(rows * cols), f);
            fclose(f);
            free(board);
        }
    }
    free(cells);
    free(path);
    free(next);
    return 0;
}
