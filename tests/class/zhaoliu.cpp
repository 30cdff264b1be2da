#include <cstdio>
#include <cstring>

const int MAXN = 12;
int n;
int queen[MAXN];
bool usedCol[MAXN], mainDiag[2 * MAXN], antiDiag[2 * MAXN];
char board[MAXN][MAXN + 1];

void printBoard();
void setQueen(int r, int c, bool on);

void solve(int r)
{
    if (r == n) {
        printBoard();
        return;
    }
    int c = 0;
    while (c < n) {
        if (usedCol[c] || mainDiag[r - c + n - 1] || antiDiag[r + c]) {
            c++;
            continue;
        }
        setQueen(r, c, true);
        solve(r + 1);
        setQueen(r, c, false);
        c++;
    }
}

int main()
{
    scanf("%d", &n);
    solve(0);
    return 0;
}

void setQueen(int r, int c, bool on)
{
    usedCol[c] = on;
    mainDiag[r - c + n - 1] = on;
    antiDiag[r + c] = on;
    if (on) queen[r] = c;
}

// One board, then a blank line.
void printBoard()
{
    int r = 0;
    while (r < n) {
        memset(board[r], '.', n);
        board[r][queen[r]] = 'Q';
        board[r][n] = '\0';
        puts(board[r]);
        r++;
    }
    puts("");
}
