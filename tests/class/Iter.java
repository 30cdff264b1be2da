import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        int n = new Scanner(System.in).nextInt();
        int[] x = new int[n + 1];
        StringBuilder sb = new StringBuilder();
        int k = 1;
        x[1] = 0;
        while (k > 0) {
            x[k]++;
            while (x[k] <= n && !fits(x, k)) x[k]++;
            if (x[k] <= n) {
                if (k == n) {
                    for (int i = 1; i <= n; i++) {
                        for (int j = 1; j <= n; j++) sb.append(x[i] == j ? 'Q' : '.');
                        sb.append('\n');
                    }
                    sb.append('\n');
                } else {
                    k++;
                    x[k] = 0;
                }
            } else {
                k--;
            }
        }
        System.out.print(sb);
    }

    static boolean fits(int[] x, int k) {
        for (int i = 1; i < k; i++)
            if (x[i] == x[k] || Math.abs(x[i] - x[k]) == k - i) return false;
        return true;
    }
}
