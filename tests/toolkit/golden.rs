//! Every format, byte for byte: golden files for n = 1..8 (read off the documents' own programs,
//! built outside the repository), hashes for n = 9..13, and the same bytes from every variant.

use crate::common;

use nqueens_labs::format::{Format, Request, stream};
use nqueens_labs::solvers::Algo;
use pretty_assertions::assert_eq;
use std::io::{self, Write};

/// Streams the boards of `algo` at `n` in `format` into `out`, as `labs run` does.
fn render(format: Format, algo: Algo, n: usize, out: impl Write) {
    let mut render = format.renderer(n, algo.name());
    stream(&Request::all(algo, n), render.as_mut(), out).expect("render");
}

fn text(format: Format, algo: Algo, n: usize) -> String {
    let mut bytes = Vec::new();
    render(format, algo, n, &mut bytes);
    String::from_utf8(bytes).expect("formats write UTF-8")
}

#[test]
fn every_format_matches_its_golden_files_up_to_8() {
    for format in Format::ALL {
        for n in 1..=8 {
            common::assert_golden(&format!("format/{}/n{n}.txt", format.name()), &text(format, Algo::Row, n));
        }
    }
}

#[test]
fn every_variant_prints_the_same_bytes_in_every_format() {
    for format in Format::ALL {
        for n in 1..=8 {
            let reference = text(format, Algo::Row, n);
            for algo in Algo::ALL {
                // The summary line of `pretty` names the variant; everything before it must agree.
                let expected = reference.replace("(row)", &format!("({})", algo.name()));
                assert_eq!(expected, text(format, algo, n), "{} in {} at n = {n}", algo.name(), format.name());
            }
        }
    }
}

/// FNV-1a, 64 bits: a small hash that never changes between Rust versions or platforms.
struct Fnv(u64);

impl Write for Fnv {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// FNV-1a hashes of the whole output for n = 9..=13, computed from the documents' own programs
/// (their arrays widened where they break, 001's and 003's fixed 8 made a parameter), from an
/// independent script for `luogu` and `leetcode`, and from `labs` itself for `pretty`.
const HASHES: [(Format, [u64; 5]); 8] = [
    (
        Format::Pretty,
        [14396058115681103743, 15522033762087804851, 16164693768023271590, 4098433285969505841, 16230296875644283542],
    ),
    (
        Format::Spaced,
        [11402369273422097549, 5868407233981798477, 7500454359724241173, 203394716776569421, 2826705713554608221],
    ),
    (
        Format::Framed,
        [10930630613268465795, 7872373140504983170, 5634417125431011617, 11604861311546934620, 5430229431732355497],
    ),
    (
        Format::Compact,
        [5045628121641516869, 5563935554299600309, 1877080489977379725, 12630052241139380261, 2388440080681875509],
    ),
    (
        Format::Numbered,
        [13032549128280245741, 14498034449844361168, 5280427289151363407, 10126420134465290786, 13257112894989590339],
    ),
    (
        Format::Kruse,
        [13966806979414697566, 11710309739380703409, 10628055207349193358, 2867366386721747075, 13735117819535633780],
    ),
    (
        Format::Luogu,
        [3178925823045704010, 11417741822718984888, 4123625187203046485, 17866119411120710723, 9207882867380129218],
    ),
    (
        Format::Leetcode,
        [1988860792872190597, 11652302000445513613, 16169813645555871557, 14303799785293307077, 6527488396651123909],
    ),
];

#[test]
fn every_format_hashes_as_recorded_from_9_to_13() {
    let mut actual = Vec::new();
    for (format, _) in HASHES {
        let mut hashes = [0; 5];
        for (hash, n) in hashes.iter_mut().zip(9..=13) {
            let mut fnv = Fnv(0xcbf2_9ce4_8422_2325);
            render(format, Algo::Row, n, &mut fnv);
            *hash = fnv.0;
        }
        actual.push((format, hashes));
    }
    assert_eq!(HASHES.to_vec(), actual, "hashes of the output for n = 9..13, by format");
}
