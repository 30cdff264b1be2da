/* The shapes every N-Queens solution in C shares, taken away before sources are compared
   (src/grade/copies.rs): reading n, the row loop of a search, the diagonal test, printing a
   board. Names do not matter: the tokenizer makes every name one token. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int n, count;
int q[20];

int ok(int row, int col) {
    for (int i = 0; i < row; i++)
        if (q[i] == col || abs(q[i] - col) == abs(i - row))
            return 0;
    return 1;
}

void print(void) {
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            putchar(q[i] == j ? 'Q' : '.');
        putchar('\n');
    }
    putchar('\n');
}

void show(void) {
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            if (q[i] == j) printf("Q");
            else printf(".");
        }
        printf("\n");
    }
    printf("\n");
}

void search(int row) {
    if (row == n) {
        print();
        return;
    }
    for (int col = 0; col < n; col++) {
        if (ok(row, col)) {
            q[row] = col;
            search(row + 1);
        }
    }
}

int main(void) {
    scanf("%d", &n);
    search(0);
    return 0;
}

int main() {
    if (scanf("%d", &n) != 1) return 1;
    search(0);
    return 0;
}
