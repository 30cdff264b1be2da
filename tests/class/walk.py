import sys


def solve(n):
    """Iterative backtracking over bitmasks: one frame per row, as a list."""
    full = (1 << n) - 1
    rows = []
    stack = [(0, 0, 0, full)]
    while stack:
        cols, ld, rd, free = stack[-1]
        if cols == full:
            yield list(rows)
            stack.pop()
            rows.pop()
            continue
        if not free:
            stack.pop()
            if rows:
                rows.pop()
            continue
        bit = free & -free
        stack[-1] = (cols, ld, rd, free & ~bit)
        rows.append(bit.bit_length() - 1)
        nc, nl, nr = cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1
        stack.append((nc, nl, nr, full & ~(nc | nl | nr)))


def main():
    n = int(sys.stdin.readline())
    lines = []
    for rows in solve(n):
        lines.extend(''.join('Q' if k == c else '.' for k in range(n)) for c in rows)
        lines.append('')
    sys.stdout.write(''.join(line + '\n' for line in lines))


main()
