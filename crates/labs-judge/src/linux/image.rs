//! How much address space a program's executable takes before its first instruction: the span
//! of its ELF file's loadable segments (code, data and the zeroed `.bss` a static array lives
//! in), which the kernel maps at `exec`, under `RLIMIT_AS`. A program whose image alone passes
//! the limit cannot start: the kernel kills it inside `exec`, past the point of no return, with
//! `SIGSEGV`, exactly as a program that read a bad address would end. This span is what tells
//! the two apart ([`crate::verdict::too_large_to_start`]).
//!
//! Only 64-bit little-endian ELF files are read (x86-64, AArch64: the systems the filter knows);
//! anything else, a script or a file that cannot be read, has no image here.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;

/// `PT_LOAD`, a loadable segment's type.
const LOAD: u32 = 1;

/// The span of `path`'s loadable segments, in bytes, if it is a 64-bit little-endian ELF file.
pub(crate) fn image_bytes(path: &Path) -> Option<u64> {
    let file = File::open(path).ok()?;
    let mut header = [0u8; 64];
    file.read_exact_at(&mut header, 0).ok()?;
    // The magic, then ELFCLASS64 and ELFDATA2LSB.
    if header[..6] != [0x7f, b'E', b'L', b'F', 2, 1] {
        return None;
    }
    let u16_at = |bytes: &[u8], at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let u32_at = |bytes: &[u8], at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let u64_at = |bytes: &[u8], at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let (table, size, count) = (u64_at(&header, 32), usize::from(u16_at(&header, 54)), u16_at(&header, 56));
    // As the kernel's loader reads the table: entries of the ELF64 size, 64 KiB of them at most
    // (it refuses to run anything else), so a crafted header asks for no more memory than that.
    if size != 56 || size * usize::from(count) > 1 << 16 {
        return None;
    }
    let mut entries = vec![0u8; size * usize::from(count)];
    file.read_exact_at(&mut entries, table).ok()?;
    let (mut low, mut high) = (u64::MAX, 0u64);
    for entry in entries.chunks_exact(size).filter(|e| u32_at(e, 0) == LOAD) {
        let (at, bytes) = (u64_at(entry, 16), u64_at(entry, 40));
        low = low.min(at);
        high = high.max(at.checked_add(bytes)?);
    }
    high.checked_sub(low)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_test_binary_has_an_image_and_a_script_has_none() {
        let me = std::env::current_exe().unwrap();
        let bytes = image_bytes(&me).unwrap();
        assert!(bytes > 4096, "{bytes}");
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("script");
        std::fs::write(&script, "#!/bin/sh\necho hi\n").unwrap();
        assert_eq!(image_bytes(&script), None);
        assert_eq!(image_bytes(&dir.path().join("absent")), None);
    }
}
