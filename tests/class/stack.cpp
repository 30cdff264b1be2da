#include <iostream>
#include <vector>
#include <string>

int main()
{
    int n;
    std::cin >> n;
    std::vector<int> col(n, -1);
    std::string out;
    int row = 0;
    while (row >= 0) {
        int c = col[row] + 1;
        for (; c < n; ++c) {
            bool free = true;
            for (int p = 0; p < row && free; ++p)
                free = col[p] != c && col[p] - c != p - row && col[p] - c != row - p;
            if (free) break;
        }
        if (c == n) {
            col[row] = -1;
            --row;
            continue;
        }
        col[row] = c;
        if (row + 1 < n) {
            ++row;
            continue;
        }
        for (int r = 0; r < n; ++r) {
            std::string s(n, '.');
            s[col[r]] = 'Q';
            out += s;
            out += '\n';
        }
        out += '\n';
    }
    std::cout << out;
}
