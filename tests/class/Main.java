import java.io.*;

public class Main {
    private final int size;
    private final boolean[] column, rising, falling;
    private final int[] where;
    private final PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));

    Main(int size) {
        this.size = size;
        column = new boolean[size];
        rising = new boolean[2 * size];
        falling = new boolean[2 * size];
        where = new int[size];
    }

    void place(int row) {
        if (row == size) {
            char[] line = new char[size];
            for (int r = 0; r < size; r++) {
                java.util.Arrays.fill(line, '.');
                line[where[r]] = 'Q';
                out.println(line);
            }
            out.println();
            return;
        }
        for (int c = 0; c < size; c++) {
            if (column[c] || rising[row + c] || falling[row - c + size]) continue;
            column[c] = rising[row + c] = falling[row - c + size] = true;
            where[row] = c;
            place(row + 1);
            column[c] = rising[row + c] = falling[row - c + size] = false;
        }
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        Main solver = new Main(Integer.parseInt(in.readLine().trim()));
        solver.place(0);
        solver.out.flush();
    }
}
