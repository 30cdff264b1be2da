from itertools import permutations

n = int(input())
for p in permutations(range(n)):
    if len({r + c for r, c in enumerate(p)}) == n and len({r - c for r, c in enumerate(p)}) == n:
        for c in p:
            print('.' * c + 'Q' + '.' * (n - 1 - c))
        print()
