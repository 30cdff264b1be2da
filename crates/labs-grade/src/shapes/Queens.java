// The shapes every N-Queens solution in Java shares, taken away before sources are compared
// (src/grade/copies.rs): reading n, printing a board, the diagonal test.
import java.util.*;
import java.io.*;

public class Main {
    static int n;
    static int[] q;
    static StringBuilder out = new StringBuilder();

    static boolean ok(int row, int col) {
        for (int i = 0; i < row; i++)
            if (q[i] == col || Math.abs(q[i] - col) == Math.abs(i - row))
                return false;
        return true;
    }

    static void print() {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++)
                out.append(q[i] == j ? 'Q' : '.');
            out.append('\n');
        }
        out.append('\n');
    }

    static void show() {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++)
                System.out.print(q[i] == j ? "Q" : ".");
            System.out.println();
        }
        System.out.println();
    }

    public static void main(String[] args) throws IOException {
        Scanner in = new Scanner(System.in);
        n = in.nextInt();
        q = new int[n];
        search(0);
        System.out.print(out);
    }

    public static void main(String[] args) {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        n = Integer.parseInt(in.readLine().trim());
    }
}
