/*
 * Exact counting of knight's tours by depth-first search with simple, exact
 * pruning: the C reference of knight.count.
 *
 * Modes (the numbers are what knight.count returns for the same question):
 *   open ROWS COLS R C   directed open tours from (R, C)     = knight.count(ROWS, COLS, start=(R, C))
 *   all ROWS COLS        directed open tours from every start = knight.count(ROWS, COLS)
 *                        (so every undirected open path is counted twice; the
 *                        starts are folded by the board's symmetries: one
 *                        start per orbit is searched, weighted by the orbit's size)
 *   closed ROWS COLS     undirected closed tours (cycles)     = knight.count(ROWS, COLS, closed=True)
 *                        Rooted at the square s with the fewest neighbours a_0 < a_1 < ...
 *                        (the lowest index among those): the path leaves s by a_i and comes
 *                        back by a later a_j, so each cycle is counted once.
 *
 * Search: plain recursion over the moves in knight.DEFAULT_ORDER on a padded
 * board (two-cell border marked visited, no bounds checks).  Every free square
 * holds f = its number of free neighbours (kept incrementally); visited
 * squares hold VISITED more.  Pruning, all exact (a pruned branch holds no tour):
 *   - a free square not next to the current square with f = 0 can never be
 *     reached: dead;
 *   - a free square not next to the current square with f = 1 can be entered
 *     but never left, so it must be the last square: at most one such square
 *     (the "pending end") may exist, and when only some squares may end the
 *     path (closed tours) it must be one of them;
 *   - a free square next to the current square with f = 0 must be the next
 *     and last square: dead unless exactly one free square is left;
 *   - closed tours: dead once every allowed last square has been used.
 * The knight graph is bipartite, so the squares next to the square just left
 * and next to the square just entered are disjoint, and all of these tests are
 * local to those two neighbourhoods.  No connectivity test, no bit masks, no
 * limit on the number of squares, one thread.
 *
 * Timed with clock_gettime(CLOCK_MONOTONIC), setup included.
 * Usage:  count MODE ROWS COLS [R C] [--reps K]
 * Output, one line per rep:
 *   RESULT prog=count mode=M rows=R cols=C count=N nodes=V seconds=S
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

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The search state: one board, reset for every root. */
static long g_rows, g_cols, g_width;
static long g_off[8];
static int8_t *g_c;      /* padded cells: f for free squares, >= VISITED otherwise */
static uint8_t *g_end;   /* padded: 1 where the path may end (closed tours) */
static int g_use_ends;   /* 0: any last square will do */
static long g_ends_free; /* allowed last squares still free */
static unsigned long long g_nodes;

#define FREE(q) (g_c[q] < FREE_BELOW)

static void visit(long q)
{
    int k;
    g_c[q] += VISITED;
    for (k = 0; k < 8; k++)
        g_c[q + g_off[k]] -= 1;
    if (g_end[q])
        g_ends_free--;
}

static void unvisit(long q)
{
    int k;
    g_c[q] -= VISITED;
    for (k = 0; k < 8; k++)
        g_c[q + g_off[k]] += 1;
    if (g_end[q])
        g_ends_free++;
}

/*
 * Completions of the path that ends at p with `left` free squares, `pending`
 * of them being free squares not next to p with f = 1.
 */
static unsigned long long dfs(long p, long left, int pending)
{
    unsigned long long total = 0;
    int k, j;
    if (left == 0)
        return !g_use_ends || g_end[p];
    for (k = 0; k < 8; k++) {
        long q = p + g_off[k];
        int pend = pending, ok = 1;
        if (!FREE(q))
            continue;
        visit(q);
        g_nodes++;
        /* Squares next to q: they were not next to p (bipartite).  One whose
         * f drops to 0 was a pending end; now it must be the very next square. */
        for (j = 0; j < 8 && ok; j++) {
            long u = q + g_off[j];
            if (FREE(u) && g_c[u] == 0) {
                pend--;
                if (left - 1 != 1)
                    ok = 0;
            }
        }
        /* Squares next to p (but not q): no longer next to the knight. */
        for (j = 0; j < 8 && ok; j++) {
            long u = p + g_off[j];
            if (FREE(u)) {
                if (g_c[u] == 0)
                    ok = 0;
                else if (g_c[u] == 1) {
                    pend++;
                    if (g_use_ends && !g_end[u])
                        ok = 0;
                }
            }
        }
        if (ok && pend > 1)
            ok = 0;
        if (ok && g_use_ends && g_ends_free == 0 && left - 1 > 0)
            ok = 0;
        if (ok)
            total += dfs(q, left - 1, pend);
        unvisit(q);
    }
    return total;
}

static void reset(void)
{
    long r, col, p;
    int k;
    for (r = 0; r < g_rows + 4; r++)
        for (col = 0; col < g_width; col++) {
            p = r * g_width + col;
            g_c[p] = (r >= 2 && r < g_rows + 2 && col >= 2 && col < g_cols + 2) ? 0 : VISITED;
            g_end[p] = 0;
        }
    for (r = 0; r < g_rows; r++)
        for (col = 0; col < g_cols; col++) {
            int n = 0;
            p = (r + 2) * g_width + col + 2;
            for (k = 0; k < 8; k++)
                n += g_c[p + g_off[k]] < FREE_BELOW;
            g_c[p] = (int8_t)n;
        }
    g_use_ends = 0;
    g_ends_free = 0;
}

/* The pending-end count of a fresh root whose knight stands at p (and the
 * f = 0 test), by a full scan; -1 if the position is already dead. */
static int root_pending(long p, long left)
{
    long r, col, u;
    int pending = 0;
    if (left == 0)
        return 0;
    for (r = 0; r < g_rows; r++)
        for (col = 0; col < g_cols; col++) {
            int near = 0, k;
            u = (r + 2) * g_width + col + 2;
            if (!FREE(u))
                continue;
            for (k = 0; k < 8; k++)
                near |= p + g_off[k] == u;
            if (g_c[u] == 0 && !(near && left == 1))
                return -1;
            if (g_c[u] == 1 && !near) {
                if (g_use_ends && !g_end[u])
                    return -1;
                pending++;
            }
        }
    return pending > 1 ? -1 : pending;
}

static long pad(long r, long c) { return (r + 2) * g_width + c + 2; }

/* Directed open paths from (r, c) covering the board. */
static unsigned long long count_from(long r, long c)
{
    long p = pad(r, c), left = g_rows * g_cols - 1;
    int pending;
    reset();
    visit(p);
    g_nodes++;
    pending = root_pending(p, left);
    return pending < 0 ? 0 : dfs(p, left, pending);
}

/* Index of the image of (r, c) under symmetry t of the board (8 on a square, else 4). */
static long image(int t, long r, long c)
{
    long R = g_rows - 1, C = g_cols - 1, r2, c2;
    switch (t) {
    case 0: r2 = r; c2 = c; break;
    case 1: r2 = R - r; c2 = c; break;
    case 2: r2 = r; c2 = C - c; break;
    case 3: r2 = R - r; c2 = C - c; break;
    case 4: r2 = c; c2 = r; break;
    case 5: r2 = C - c; c2 = r; break;
    case 6: r2 = c; c2 = R - r; break;
    default: r2 = C - c; c2 = R - r; break;
    }
    return r2 * g_cols + c2;
}

static unsigned long long count_all(void)
{
    long n = g_rows * g_cols, q, best;
    int t, nsym = g_rows == g_cols ? 8 : 4;
    long *weight = calloc((size_t)n, sizeof(long));
    unsigned long long total = 0;
    for (q = 0; q < n; q++) {
        best = q;
        for (t = 0; t < nsym; t++) {
            long im = image(t, q / g_cols, q % g_cols);
            if (im < best)
                best = im;
        }
        weight[best]++;
    }
    for (q = 0; q < n; q++)
        if (weight[q])
            total += (unsigned long long)weight[q] * count_from(q / g_cols, q % g_cols);
    free(weight);
    return total;
}

static unsigned long long count_closed(void)
{
    long n = g_rows * g_cols, q, s = 0, a[8], left;
    int deg, best = 9, na = 0, i, j, k, pending;
    unsigned long long total = 0;
    if (n < 2)
        return 0;
    reset();
    for (q = 0; q < n; q++) {
        deg = 0;
        for (k = 0; k < 8; k++)
            deg += FREE(pad(q / g_cols, q % g_cols) + g_off[k]);
        if (deg < best) {
            best = deg;
            s = q;
        }
    }
    /* The neighbours of s in increasing flat index. */
    for (q = 0; q < n; q++)
        for (k = 0; k < 8; k++)
            if (pad(q / g_cols, q % g_cols) == pad(s / g_cols, s % g_cols) + g_off[k])
                a[na++] = pad(q / g_cols, q % g_cols);
    for (i = 0; i + 1 < na; i++) {
        reset();
        visit(pad(s / g_cols, s % g_cols)); /* s is blocked: the cycle's last step returns to it */
        g_use_ends = 1;
        for (j = i + 1; j < na; j++) {
            g_end[a[j]] = 1;
            g_ends_free++;
        }
        visit(a[i]);
        g_nodes += 2;
        left = n - 2;
        pending = root_pending(a[i], left);
        if (pending >= 0)
            total += dfs(a[i], left, pending);
    }
    return total;
}

int main(int argc, char **argv)
{
    const char *mode;
    long r = 0, c = 0, reps = 1, rep;
    int a = 4, k;
    if (argc < 4) {
        fprintf(stderr, "usage: %s open|all|closed ROWS COLS [R C] [--reps K]\n", argv[0]);
        return 2;
    }
    mode = argv[1];
    g_rows = atol(argv[2]);
    g_cols = atol(argv[3]);
    if (!strcmp(mode, "open")) {
        if (argc < 6) {
            fprintf(stderr, "count: open needs a start R C\n");
            return 2;
        }
        r = atol(argv[4]);
        c = atol(argv[5]);
        a = 6;
    }
    for (; a + 1 < argc; a += 2)
        if (!strcmp(argv[a], "--reps"))
            reps = atol(argv[a + 1]);
    if (g_rows < 1 || g_cols < 1 || r < 0 || r >= g_rows || c < 0 || c >= g_cols
        || (strcmp(mode, "open") && strcmp(mode, "all") && strcmp(mode, "closed"))) {
        fprintf(stderr, "count: bad arguments\n");
        return 2;
    }
    g_width = g_cols + 4;
    for (k = 0; k < 8; k++)
        g_off[k] = DR[k] * g_width + DC[k];
    g_c = malloc((size_t)((g_rows + 4) * g_width));
    g_end = malloc((size_t)((g_rows + 4) * g_width));
    if (!g_c || !g_end) {
        fprintf(stderr, "count: out of memory\n");
        return 2;
    }
    for (rep = 0; rep < reps; rep++) {
        unsigned long long n;
        double t;
        g_nodes = 0;
        t = now();
        if (!strcmp(mode, "open"))
            n = count_from(r, c);
        else if (!strcmp(mode, "all"))
            n = count_all();
        else
            n = count_closed();
        t = now() - t;
        printf("RESULT prog=count mode=%s rows=%ld cols=%ld count=%llu nodes=%llu seconds=%.9f\n",
               mode, g_rows, g_cols, n, g_nodes, t);
    }
    free(g_c);
    free(g_end);
    return 0;
}
