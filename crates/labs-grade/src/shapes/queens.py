# The shapes every N-Queens solution in Python shares, taken away before sources are compared
# (src/grade/copies.rs): reading n, printing a board, the diagonal test.
import sys

n = int(input())
n = int(sys.stdin.readline())
n = int(sys.stdin.read())


def ok(q, row, col):
    for i in range(row):
        if q[i] == col or abs(q[i] - col) == abs(i - row):
            return False
    return True


def show(q):
    for i in range(n):
        print(''.join('Q' if q[i] == j else '.' for j in range(n)))
    print()


def board(q):
    for c in q:
        print('.' * c + 'Q' + '.' * (n - c - 1))
    print()


if __name__ == '__main__':
    main()
