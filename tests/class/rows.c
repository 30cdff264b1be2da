#include <stdio.h>
#include <stdlib.h>

static int size, pos[16];

static int safe(int r, int c)
{
    int i;
    for (i = 0; i < r; ++i) {
        if (pos[i] == c) return 0;
        if (abs(pos[i] - c) == r - i) return 0;
    }
    return 1;
}

static void place(int r)
{
    int c, i, j;
    if (r == size) {
        for (i = 0; i < size; ++i) {
            for (j = 0; j < size; ++j) putchar(pos[i] == j ? 'Q' : '.');
            putchar('\n');
        }
        putchar('\n');
        return;
    }
    for (c = 0; c < size; ++c)
        if (safe(r, c)) { pos[r] = c; place(r + 1); }
}

int main(void)
{
    if (scanf("%d", &size) != 1) return 1;
    place(0);
    return 0;
}
