#include <stdio.h>
#include <math.h>

int n, x[20];

int place(int k)
{
    for (int j = 1; j < k; j++)
        if (x[j] == x[k] || fabs(x[j] - x[k]) == fabs(j - k))
            return 0;
    return 1;
}

void output(void)
{
    for (int i = 1; i <= n; i++) {
        for (int j = 1; j <= n; j++)
            printf(x[i] == j ? "Q" : ".");
        printf("\n");
    }
    printf("\n");
}

void backtrack(int t)
{
    if (t > n) {
        output();
    } else {
        for (int i = 1; i <= n; i++) {
            x[t] = i;
            if (place(t))
                backtrack(t + 1);
        }
    }
}

int main()
{
    scanf("%d", &n);
    backtrack(1);
    return 0;
}
