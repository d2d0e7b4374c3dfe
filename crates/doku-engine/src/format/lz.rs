//! lz-string's `compressToBase64` and `decompressFromBase64`: the
//! compression of the `load=` parameter in f-puzzles and SudokuPad links.
//!
//! lz-string works on JavaScript strings, so on UTF-16 code units: this
//! port does too, and converts at the edges. Decompression of hostile input
//! never panics, never loops without end and stops at [`MAX_OUTPUT_UNITS`].

use std::collections::HashMap;

const BASE64: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// The most UTF-16 units decompression produces: far more than any
/// f-puzzles JSON, little enough that a crafted string cannot exhaust memory.
pub const MAX_OUTPUT_UNITS: usize = 4 << 20;

/// Why a string is not lz-string base64.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LzError {
    #[error("position {position}: {found:?} is not a base64 character (A-Z, a-z, 0-9, +, /, =)")]
    BadCharacter { position: usize, found: char },
    #[error("the compressed data is cut short or damaged")]
    Damaged,
    #[error("the compressed data unpacks to more than {MAX_OUTPUT_UNITS} characters")]
    TooLong,
    #[error("the compressed data is empty")]
    Empty,
}

/// Writes values bit by bit, least significant first, `bits_per_char` bits a character.
struct BitWriter {
    out: Vec<u8>,
    value: u32,
    position: u32,
}

impl BitWriter {
    fn bits(&mut self, mut value: u32, count: u32) {
        for _ in 0..count {
            self.value = (self.value << 1) | (value & 1);
            if self.position == 5 {
                self.position = 0;
                self.out.push(BASE64[self.value as usize]);
                self.value = 0;
            } else {
                self.position += 1;
            }
            value >>= 1;
        }
    }
}

/// lz-string's `compressToBase64`.
pub fn compress_to_base64(text: &str) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut dictionary: HashMap<Vec<u16>, u32> = HashMap::new();
    let mut to_create: std::collections::HashSet<Vec<u16>> = std::collections::HashSet::new();
    let mut w: Vec<u16> = Vec::new();
    let mut enlarge_in: u32 = 2;
    let mut dict_size: u32 = 3;
    let mut num_bits: u32 = 2;
    let mut out = BitWriter {
        out: Vec::new(),
        value: 0,
        position: 0,
    };
    // Writes `w`: as a new literal the first time, else its dictionary code.
    let emit = |w: &[u16],
                out: &mut BitWriter,
                to_create: &mut std::collections::HashSet<Vec<u16>>,
                dictionary: &HashMap<Vec<u16>, u32>,
                enlarge_in: &mut u32,
                num_bits: &mut u32| {
        if to_create.remove(w) {
            let unit = w[0];
            if unit < 256 {
                out.bits(0, *num_bits);
                out.bits(u32::from(unit), 8);
            } else {
                out.bits(1, *num_bits);
                out.bits(u32::from(unit), 16);
            }
            *enlarge_in -= 1;
            if *enlarge_in == 0 {
                *enlarge_in = 1 << *num_bits;
                *num_bits += 1;
            }
        } else {
            out.bits(dictionary.get(w).copied().unwrap_or(0), *num_bits);
        }
        *enlarge_in -= 1;
        if *enlarge_in == 0 {
            *enlarge_in = 1 << *num_bits;
            *num_bits += 1;
        }
    };
    for &c in &units {
        let single = vec![c];
        if !dictionary.contains_key(&single) {
            dictionary.insert(single.clone(), dict_size);
            dict_size += 1;
            to_create.insert(single);
        }
        let mut wc = w.clone();
        wc.push(c);
        if dictionary.contains_key(&wc) {
            w = wc;
        } else {
            emit(
                &w,
                &mut out,
                &mut to_create,
                &dictionary,
                &mut enlarge_in,
                &mut num_bits,
            );
            dictionary.insert(wc, dict_size);
            dict_size += 1;
            w = vec![c];
        }
    }
    if !w.is_empty() {
        emit(
            &w,
            &mut out,
            &mut to_create,
            &dictionary,
            &mut enlarge_in,
            &mut num_bits,
        );
    }
    // The end-of-stream mark, then the last character padded out.
    out.bits(2, num_bits);
    loop {
        out.value <<= 1;
        if out.position == 5 {
            out.out.push(BASE64[out.value as usize]);
            break;
        }
        out.position += 1;
    }
    let mut text = String::from_utf8(out.out).unwrap_or_default();
    match text.len() % 4 {
        1 => text.push_str("==="),
        2 => text.push_str("=="),
        3 => text.push('='),
        _ => {}
    }
    text
}

/// Reads bits from base64 characters, most significant first within each.
struct BitReader<'a> {
    values: &'a [u8],
    index: usize,
    value: u32,
    position: u32,
}

impl BitReader<'_> {
    fn bits(&mut self, count: u32) -> u32 {
        let mut bits = 0;
        for i in 0..count {
            let bit = self.value & self.position;
            self.position >>= 1;
            if self.position == 0 {
                self.position = 32;
                // Past the end, JavaScript reads NaN, which is 0 in bit operations.
                self.value = self.values.get(self.index).copied().map_or(0, u32::from);
                self.index += 1;
            }
            if bit != 0 {
                bits |= 1 << i;
            }
        }
        bits
    }
}

/// lz-string's `decompressFromBase64`. Whitespace is skipped (a link
/// wrapped over lines).
pub fn decompress_from_base64(text: &str) -> Result<String, LzError> {
    let mut values = Vec::with_capacity(text.len());
    for (position, ch) in text.chars().enumerate() {
        if ch.is_whitespace() {
            continue;
        }
        let value = BASE64
            .iter()
            .position(|&b| b as char == ch)
            .ok_or(LzError::BadCharacter {
                position: position + 1,
                found: ch,
            })?;
        values.push(value as u8);
    }
    if values.is_empty() {
        return Err(LzError::Empty);
    }
    let units = decompress(&values)?;
    Ok(String::from_utf16_lossy(&units))
}

fn decompress(values: &[u8]) -> Result<Vec<u16>, LzError> {
    let length = values.len();
    let mut input = BitReader {
        values,
        index: 1,
        value: u32::from(values[0]),
        position: 32,
    };
    let mut dictionary: Vec<Vec<u16>> = vec![Vec::new(), Vec::new(), Vec::new()];
    let mut enlarge_in: u32 = 4;
    let mut num_bits: u32 = 3;
    let first = match input.bits(2) {
        0 => input.bits(8) as u16,
        1 => input.bits(16) as u16,
        _ => return Err(LzError::Empty),
    };
    dictionary.push(vec![first]);
    let mut w = vec![first];
    let mut result = vec![first];
    loop {
        if input.index > length {
            return Err(LzError::Damaged);
        }
        // Codes of more than 24 bits would need a dictionary far beyond the output cap.
        if num_bits > 24 {
            return Err(LzError::TooLong);
        }
        let mut code = input.bits(num_bits) as usize;
        match code {
            0 | 1 => {
                let width = if code == 0 { 8 } else { 16 };
                dictionary.push(vec![input.bits(width) as u16]);
                code = dictionary.len() - 1;
                enlarge_in -= 1;
            }
            2 => return Ok(result),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        let entry = if let Some(entry) = dictionary.get(code) {
            entry.clone()
        } else if code == dictionary.len() {
            let mut entry = w.clone();
            entry.push(w[0]);
            entry
        } else {
            return Err(LzError::Damaged);
        };
        if result.len() + entry.len() > MAX_OUTPUT_UNITS {
            return Err(LzError::TooLong);
        }
        result.extend_from_slice(&entry);
        let mut next = w;
        next.push(entry[0]);
        dictionary.push(next);
        enlarge_in -= 1;
        w = entry;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values_of_the_javascript_library() {
        // LZString.compressToBase64 of these strings, from lz-string 1.4.4.
        assert_eq!(compress_to_base64("hello"), "BYUwNmD2Q===");
        assert_eq!(decompress_from_base64("BYUwNmD2Q===").unwrap(), "hello");
        // The f-puzzles payload of `{"x":3}`, from lisudoku's sudoku-formats tests.
        assert_eq!(compress_to_base64("{\"x\":3}"), "N4IgHiBcDMC+Q===");
        assert_eq!(
            decompress_from_base64("N4IgHiBcDMC+Q===").unwrap(),
            "{\"x\":3}"
        );
    }

    #[test]
    fn round_trips_ascii_unicode_and_repetition() {
        for text in [
            "a",
            "{\"size\":9,\"grid\":[[{},{}]]}",
            "ééé 漢字 🎲🎲🎲",
            &"abcabcabcabcabc".repeat(200),
        ] {
            let packed = compress_to_base64(text);
            assert_eq!(decompress_from_base64(&packed).unwrap(), text, "{text}");
        }
    }

    #[test]
    fn damaged_input_is_an_error_not_a_panic() {
        for bad in ["", "!!!!", "A", "N4Ig", "////////", "N4IgzglgXgpiBcBO"] {
            let _ = decompress_from_base64(bad);
        }
        assert!(matches!(
            decompress_from_base64("N4I!g"),
            Err(LzError::BadCharacter { position: 4, .. })
        ));
    }
}
