#include <cstdio>
#include <cstring>

const int MAXN = 12;
int n;
int queen[MAXN];
bool usedCol[MAXN], mainDiag[2 * MAXN], antiDiag[2 * MAXN];
char board[MAXN][MAXN + 1];

// Prints the board, a blank line after it.
void printBoard()
{
    for (int r = 0; r < n; r++) {
        memset(board[r], '.', n);
        board[r][queen[r]] = 'Q';
        board[r][n] = '\0';
        puts(board[r]);
    }
    puts("");
}

void setQueen(int r, int c, bool on)
{
    usedCol[c] = on;
    mainDiag[r - c + n - 1] = on;
    antiDiag[r + c] = on;
    if (on) queen[r] = c;
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
    scanf("%d", &n);
    solve(0);
    return 0;
}
