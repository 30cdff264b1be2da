#include <cstdio>
#include <cstring>

const int MAXN = 12;
int n, solutions;
int queen[MAXN];
bool usedCol[MAXN], mainDiag[2 * MAXN], antiDiag[2 * MAXN];
char board[MAXN][MAXN + 1];

void setQueen(int r, int c, bool on)
{
    usedCol[c] = on;
    mainDiag[r - c + n - 1] = on;
    antiDiag[r + c] = on;
    if (on) queen[r] = c;
}

int readSize()
{
    int k = 0;
    if (scanf("%d", &k) != 1 || k < 1 || k > MAXN) return 0;
    return k;
}

void printBoard()
{
    solutions++;
    for (int r = 0; r < n; r++) {
        memset(board[r], '.', n);
        board[r][queen[r]] = 'Q';
        board[r][n] = '\0';
        puts(board[r]);
    }
    puts("");
}

void solve(int r)
{
    if (r == n) {
        printBoard();
        return;
    }
    for (int c = 0; c < n; c++) {
        if (usedCol[c] || mainDiag[r - c + n - 1] || antiDiag[r + c]) continue;
        setQueen(r, c, true);
        solve(r + 1);
        setQueen(r, c, false);
    }
}

int main()
{
    n = readSize();
    if (n == 0) return 0;
    solve(0);
    fprintf(stderr, "%d solutions\n", solutions);
    return 0;
}
