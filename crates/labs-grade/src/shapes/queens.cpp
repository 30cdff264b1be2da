// The shapes every N-Queens solution in C++ shares, taken away before sources are compared
// (src/grade/copies.rs); queens.c's shapes apply to C++ too, this adds iostream's.
#include <iostream>
#include <vector>
#include <string>
using namespace std;

int n;
vector<int> q;

void print() {
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            cout << (q[i] == j ? 'Q' : '.');
        cout << endl;
    }
    cout << endl;
}

void show() {
    for (int i = 0; i < n; i++) {
        string row(n, '.');
        row[q[i]] = 'Q';
        cout << row << "\n";
    }
    cout << "\n";
}

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    cin >> n;
    q.resize(n);
    search(0);
    return 0;
}
