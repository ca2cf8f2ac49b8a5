/* Plain table-driven Eternity II search, the C reference beside the generated one.
 *
 * Not specialised: it reads any board at run time in McGavin's formats.
 *   usage: table PUZ [HNT] [MAX_NODES]
 *   PUZ: line 1 "W H C", then one "N E S W" line per piece (0 = grey rim).
 *   HNT: a count, then one "piece x y rot" line per pin: piece, x (column) and y (row, top
 *        first) 1-based, rot = clockwise quarter turns (rot 1 turns N E S W into W N E S).
 *   MAX_NODES: stop after that many nodes (0 or absent: run to completion).
 * Strict depth-first search in row-major order from the top-left, pins pre-placed; every
 * orientation of every free piece sits in one bucket keyed by its (up, left) colours, in
 * piece-ascending then rotation-ascending order with repeated rotations left out, packed in
 * one uint64_t. The search scans the bucket of the cell's up and left colours and checks the
 * right and down sides against the rim and pinned neighbours. One node per committed
 * placement; pins are not counted. Ends with one line:
 *   nodes=<n> solutions=<k> cpu_s=<t> status=complete|budget
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXC 64

static void die(const char *what, const char *file) {
    fprintf(stderr, "table: %s%s%s\n", what, file ? ": " : "", file ? file : "");
    exit(2);
}

static double cpu_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Packed candidate: piece (bits 0-15), right (16-23), down (24-31), rot (32-39). */
#define PIECE(c) ((uint32_t)((c) & 0xffff))
#define RIGHT(c) ((int)(((c) >> 16) & 0xff))
#define DOWN(c) ((int)(((c) >> 24) & 0xff))

int main(int argc, char **argv) {
    if (argc < 2) die("usage: table PUZ [HNT] [MAX_NODES]", 0);
    FILE *f = fopen(argv[1], "r");
    if (!f) die("cannot open the piece file", argv[1]);
    int w, h, nc_decl;
    if (fscanf(f, "%d %d %d", &w, &h, &nc_decl) != 3 || w < 1 || h < 1 || w * h > 4096)
        die("bad first line (W H C)", argv[1]);
    int n = w * h;
    int (*pc)[4] = calloc((size_t)n, sizeof *pc);
    int ncol = 1;
    for (int i = 0; i < n; i++) {
        for (int s = 0; s < 4; s++) {
            if (fscanf(f, "%d", &pc[i][s]) != 1 || pc[i][s] < 0 || pc[i][s] >= MAXC)
                die("bad piece line", argv[1]);
            if (pc[i][s] + 1 > ncol) ncol = pc[i][s] + 1;
        }
    }
    fclose(f);

    /* Pins: edges per cell after the turn, -1 = free. */
    int (*fixed)[4] = malloc((size_t)n * sizeof *fixed);
    unsigned char *avail = malloc((size_t)n);
    memset(avail, 1, (size_t)n);
    for (int i = 0; i < n; i++) fixed[i][0] = -1;
    uint64_t limit = 0;
    if (argc > 2) {
        f = fopen(argv[2], "r");
        if (!f) die("cannot open the hint file", argv[2]);
        int count;
        if (fscanf(f, "%d", &count) != 1 || count < 0) die("bad hint count", argv[2]);
        for (int i = 0; i < count; i++) {
            int p, x, y, r;
            if (fscanf(f, "%d %d %d %d", &p, &x, &y, &r) != 4) die("bad hint line", argv[2]);
            if (p < 1 || p > n || x < 1 || x > w || y < 1 || y > h || r < 0 || r > 3)
                die("hint out of range", argv[2]);
            int cell = (y - 1) * w + (x - 1);
            if (!avail[p - 1] || fixed[cell][0] >= 0) die("hint repeats a piece or cell", argv[2]);
            avail[p - 1] = 0;
            for (int s = 0; s < 4; s++) fixed[cell][s] = pc[p - 1][(s + 4 - r) % 4];
        }
        fclose(f);
    }
    if (argc > 3) limit = strtoull(argv[3], 0, 10);
    if (limit == 0) limit = UINT64_MAX;

    /* Every distinct orientation of every free piece, bucketed by (up, left). */
    uint64_t *cand = malloc((size_t)n * 4 * sizeof *cand);
    int *count = calloc((size_t)(ncol * ncol + 1), sizeof *count);
    int *start = calloc((size_t)(ncol * ncol + 1), sizeof *start);
    int total = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            for (int k = 0, acc = 0; k <= ncol * ncol; k++) {
                start[k] = acc;
                if (k < ncol * ncol) acc += count[k];
                count[k] = 0;
            }
        }
        for (int p = 0; p < n; p++) {
            if (!avail[p]) continue;
            int seen[4][4], nseen = 0;
            for (int r = 0; r < 4; r++) {
                int e[4];
                for (int s = 0; s < 4; s++) e[s] = pc[p][(s + 4 - r) % 4];
                int dup = 0;
                for (int j = 0; j < nseen; j++)
                    if (!memcmp(seen[j], e, sizeof e)) dup = 1;
                if (dup) continue;
                memcpy(seen[nseen++], e, sizeof e);
                int key = e[0] * ncol + e[3];
                if (pass == 1) {
                    cand[start[key] + count[key]] = (uint64_t)p | (uint64_t)e[1] << 16 |
                                                    (uint64_t)e[2] << 24 | (uint64_t)r << 32;
                    total++;
                }
                count[key]++;
            }
        }
    }
    (void)total;

    /* The free cells in row-major order, with what each side must show. */
    int *order = malloc((size_t)n * sizeof *order);
    int *upfix = malloc((size_t)n * sizeof *upfix), *leftfix = malloc((size_t)n * sizeof *leftfix);
    int *rneed = malloc((size_t)n * sizeof *rneed), *dneed = malloc((size_t)n * sizeof *dneed);
    int depth = 0;
    for (int cell = 0; cell < n; cell++) {
        int r = cell / w, c = cell % w;
        if (fixed[cell][0] >= 0) {
            /* A pin must show grey exactly on the rim and match pinned neighbours. */
            int *e = fixed[cell];
            if ((e[0] == 0) != (r == 0) || (e[1] == 0) != (c == w - 1) ||
                (e[2] == 0) != (r == h - 1) || (e[3] == 0) != (c == 0))
                die("a pin contradicts the rim", 0);
            if (c + 1 < w && fixed[cell + 1][0] >= 0 && fixed[cell + 1][3] != e[1])
                die("two pins contradict each other", 0);
            if (r + 1 < h && fixed[cell + w][0] >= 0 && fixed[cell + w][0] != e[2])
                die("two pins contradict each other", 0);
            continue;
        }
        order[depth++] = cell;
        upfix[cell] = r == 0 ? 0 : fixed[cell - w][0] >= 0 ? fixed[cell - w][2] : -1;
        leftfix[cell] = c == 0 ? 0 : fixed[cell - 1][0] >= 0 ? fixed[cell - 1][1] : -1;
        rneed[cell] = c == w - 1 ? 0 : fixed[cell + 1][0] >= 0 ? fixed[cell + 1][3] : -1;
        dneed[cell] = r == h - 1 ? 0 : fixed[cell + w][0] >= 0 ? fixed[cell + w][0] : -1;
    }

    uint64_t *board = calloc((size_t)n, sizeof *board); /* placed candidate per cell */
    int *pos = malloc(((size_t)depth + 1) * sizeof *pos);
    int *end = malloc(((size_t)depth + 1) * sizeof *end);
    uint64_t nodes = 0, solutions = 0;
    const char *status = "complete";
    double t0 = cpu_now();
    int d = 0;
    if (depth == 0) {
        solutions = 1;
        goto done;
    }
enter: {
    int cell = order[d];
    int up = upfix[cell] >= 0 ? upfix[cell] : DOWN(board[cell - w]);
    int left = leftfix[cell] >= 0 ? leftfix[cell] : RIGHT(board[cell - 1]);
    int key = up * ncol + left;
    pos[d] = start[key];
    end[d] = start[key + 1];
}
scan: {
    int cell = order[d];
    int rn = rneed[cell], dnn = dneed[cell];
    for (int i = pos[d]; i < end[d]; i++) {
        uint64_t c = cand[i];
        if (!avail[PIECE(c)]) continue;
        int r = RIGHT(c), dd = DOWN(c);
        if (rn < 0 ? r == 0 : r != rn) continue;
        if (dnn < 0 ? dd == 0 : dd != dnn) continue;
        avail[PIECE(c)] = 0;
        board[cell] = c;
        pos[d] = i;
        if (++nodes == limit) {
            status = "budget";
            goto done;
        }
        if (d + 1 == depth) {
            solutions++;
            avail[PIECE(c)] = 1;
            continue;
        }
        d++;
        goto enter;
    }
    /* Bucket exhausted: take back the piece of the cell before and move on. */
    if (d == 0) goto done;
    d--;
    avail[PIECE(board[order[d]])] = 1;
    pos[d]++;
    goto scan;
}
done:;
    double t = cpu_now() - t0;
    printf("nodes=%llu solutions=%llu cpu_s=%.6f status=%s\n", (unsigned long long)nodes,
           (unsigned long long)solutions, t, status);
    return 0;
}
