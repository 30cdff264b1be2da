import sys

sys.setrecursionlimit(10000)
size = int(sys.stdin.read())
taken_col = [False] * size
taken_up = [False] * (2 * size)
taken_down = [False] * (2 * size)
chosen = []
chunks = []


def extend(row):
    if row == size:
        chunks.append('\n'.join('.' * c + 'Q' + '.' * (size - c - 1) for c in chosen) + '\n\n')
        return
    for c in range(size):
        if taken_col[c] or taken_up[row + c] or taken_down[row - c + size]:
            continue
        taken_col[c] = taken_up[row + c] = taken_down[row - c + size] = True
        chosen.append(c)
        extend(row + 1)
        chosen.pop()
        taken_col[c] = taken_up[row + c] = taken_down[row - c + size] = False


extend(0)
sys.stdout.write(''.join(chunks))
