#include <stdio.h>

int n, all;
int at[16];
char line[17];

void emit(void)
{
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) line[c] = '.';
        line[at[r]] = 'Q';
        line[n] = 0;
        puts(line);
    }
    puts("");
}

void go(int r, unsigned cols, unsigned left, unsigned right)
{
    if (cols == (unsigned)all) { emit(); return; }
    unsigned free = all & ~(cols | left | right);
    for (int c = 0; c < n; c++) {
        unsigned bit = 1u << c;
        if (!(free & bit)) continue;
        at[r] = c;
        go(r + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
}

int main(void)
{
    scanf("%d", &n);
    all = (1 << n) - 1;
    go(0, 0, 0, 0);
}
