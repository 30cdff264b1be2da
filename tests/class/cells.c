#include <stdio.h>

char g[16][16];
int N;

int attacked(int r, int c)
{
    for (int k = 1; k <= r; k++) {
        if (g[r - k][c] == 'Q') return 1;
        if (c - k >= 0 && g[r - k][c - k] == 'Q') return 1;
        if (c + k < N && g[r - k][c + k] == 'Q') return 1;
    }
    return 0;
}

void fill(int r)
{
    if (r == N) {
        for (int i = 0; i < N; i++) printf("%.*s\n", N, g[i]);
        printf("\n");
        return;
    }
    for (int c = 0; c < N; c++) {
        if (attacked(r, c)) continue;
        g[r][c] = 'Q';
        fill(r + 1);
        g[r][c] = '.';
    }
}

int main()
{
    scanf("%d", &N);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) g[i][j] = '.';
    fill(0);
    return 0;
}
