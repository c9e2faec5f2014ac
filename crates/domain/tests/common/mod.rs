//! The harness of the call vectors (ivr, routing, services, partners): each file holds `cases`
//! of `{ call, args, expect }`, answered natively here and through wasm in vitest. With the
//! update variable set, the expected answers are rewritten instead (review the diff).

use serde::de::DeserializeOwned;
use serde_json::Value;

/// Argument `i` of a case, as the domain function takes it.
pub fn arg<T: DeserializeOwned>(args: &[Value], i: usize) -> T {
    serde_json::from_value(args[i].clone()).unwrap_or_else(|e| panic!("argument {i}: {e}"))
}

/// The file's JSON.
pub fn read(file: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

/// Checks (or with `update_var` set, rewrites) every case of `vectors`, read from `file`:
/// there must be at least `min_cases`.
pub fn check_cases(
    file: &str,
    mut vectors: Value,
    update_var: &str,
    min_cases: usize,
    answer: impl Fn(&str, &[Value]) -> Value,
) {
    let update = std::env::var_os(update_var).is_some();
    let cases = vectors["cases"].as_array_mut().unwrap();
    assert!(cases.len() >= min_cases, "{file} has {} cases", cases.len());
    for case in cases.iter_mut() {
        let call = case["call"].as_str().unwrap().to_string();
        let got = answer(&call, case["args"].as_array().unwrap());
        if update {
            case["expect"] = got;
        } else {
            assert_eq!(got, case["expect"], "{call} {}", case["args"]);
        }
    }
    if update {
        std::fs::write(file, serde_json::to_string_pretty(&vectors).unwrap() + "\n").unwrap();
    }
}

/// A small deterministic generator (xorshift64*): the fuzz corpus is the same on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// Characters people and attackers type: letters, digits, punctuation, spaces and controls,
/// accents, other scripts, emoji, right-to-left marks, a zero-width joiner.
const ALPHABET: &[char] = &[
    'a', 'Z', '0', '9', ' ', '\t', '\n', '\r', '\0', '-', '_', '.', ',', '@', '+', '#', '/', '\\', '\'', '"', '<', '>',
    '&', ';', ':', '(', ')', '%', '*', '?', '=', 'é', 'ß', 'ł', '李', 'ж', '؟', '😀', '\u{200d}', '\u{202e}',
    '\u{feff}', '\u{7f}', '£', '€',
];

/// An arbitrary string: empty, blank, long, numeric, or random characters around the original.
fn mutate_text(original: &str, rng: &mut Rng, max_len: usize) -> String {
    let random = |rng: &mut Rng, len: u64| -> String {
        (0..len).map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize]).collect()
    };
    match rng.below(9) {
        0 => String::new(),
        1 => " ".repeat(1 + rng.below(5) as usize),
        2 => "x".repeat(max_len.min(1 + rng.below(max_len as u64) as usize)),
        3 => ["0", "-1", "99999999999999999999", "1e309", "NaN", "0x1F", "+44"][rng.below(7) as usize].to_string(),
        4 => {
            let len = 1 + rng.below(8);
            format!("{original}{}", random(rng, len))
        }
        5 => {
            let len = 1 + rng.below(3);
            format!("{}{original}", random(rng, len))
        }
        6 => original.chars().rev().collect(),
        7 => original.to_uppercase(),
        _ => {
            let len = rng.below(40);
            random(rng, len)
        }
    }
}

/// A value of the same JSON type as `value` (so it still reads as the function's argument),
/// with arbitrary content; `max_len` bounds the long strings.
pub fn mutate(value: &Value, rng: &mut Rng, max_len: usize) -> Value {
    match value {
        Value::String(s) => Value::String(mutate_text(s, rng, max_len)),
        // Numbers stay small non-negative integers when they were: the argument types are
        // often u8 or u32, and a number that does not fit is the caller's type error, not input.
        Value::Number(n) if n.is_u64() => {
            let original = n.as_u64().unwrap_or(0);
            Value::from([0, 1, original, original.saturating_add(1), rng.below(256)][rng.below(5) as usize].min(255))
        }
        Value::Number(n) => Value::Number(n.clone()),
        Value::Bool(b) => Value::Bool(if rng.below(2) == 0 { !b } else { *b }),
        Value::Array(items) if items.is_empty() => Value::Array(vec![]),
        Value::Array(items) => {
            let mut out: Vec<Value> =
                items.iter().map(|v| if rng.below(2) == 0 { mutate(v, rng, max_len) } else { v.clone() }).collect();
            match rng.below(4) {
                0 => {
                    out.truncate(rng.below(out.len() as u64 + 1) as usize);
                }
                1 => {
                    let extra = out[rng.below(out.len() as u64) as usize].clone();
                    let copies = 1 + rng.below(20) as usize;
                    out.extend(std::iter::repeat_n(extra, copies));
                }
                _ => {}
            }
            Value::Array(out)
        }
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), if rng.below(3) == 0 { v.clone() } else { mutate(v, rng, max_len) }))
                .collect(),
        ),
        Value::Null => Value::Null,
    }
}

/// The answer of a call, or None when its arguments do not read as the function's types (the
/// harness's `arg` panics with "argument ..."): that is a mismatch of the mutation, not a
/// finding. Any other panic is a finding and fails the test.
pub fn answer_of(answer: &impl Fn(&str, &[Value]) -> Value, call: &str, args: &[Value]) -> Option<Value> {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(call, args)));
    match outcome {
        Ok(value) => Some(value),
        Err(panic) => {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            if message.starts_with("argument ") {
                None
            } else {
                panic!("{call} panicked on {}: {message}", Value::Array(args.to_vec()))
            }
        }
    }
}

/// The longest a validator may take on one input (debug build): a bound that catches work growing
/// out of proportion with the input, not a benchmark. A slow answer is timed again before it
/// fails, so that a busy machine (other builds on its two cores) does not fail it.
pub const ANSWER_WITHIN: std::time::Duration = std::time::Duration::from_millis(250);

/// One round of fuzzing: every vector case's arguments mutated with `seed` (long strings up to
/// 10,000 characters), answered natively without a panic and in bounded time.
pub fn fuzz_round(vectors: &Value, seed: u64, answer: impl Fn(&str, &[Value]) -> Value) {
    let mut rng = Rng::new(seed);
    for case in vectors["cases"].as_array().unwrap() {
        let call = case["call"].as_str().unwrap();
        let args: Vec<Value> = case["args"].as_array().unwrap().iter().map(|a| mutate(a, &mut rng, 10_000)).collect();
        let timed = || {
            let started = std::time::Instant::now();
            answer_of(&answer, call, &args);
            started.elapsed()
        };
        let took = timed();
        let took = if took < ANSWER_WITHIN { took } else { took.min(timed()) };
        assert!(took < ANSWER_WITHIN, "{call} took {took:?} (twice) on {}", Value::Array(args));
    }
}

/// The fuzz corpus: each vector case's arguments mutated three times with fixed seeds, with the
/// native answers, for the wasm build to give the same (frontend's vector tests read it too).
/// Checked like the vectors; with `update_var` set, written anew.
pub fn check_fuzz_corpus(
    vectors_file: &str,
    corpus_file: &str,
    update_var: &str,
    answer: impl Fn(&str, &[Value]) -> Value,
) {
    let vectors = read(vectors_file);
    if std::env::var_os(update_var).is_some() {
        let mut rng = Rng::new(20_261_123);
        let mut cases = vec![];
        for case in vectors["cases"].as_array().unwrap() {
            let call = case["call"].as_str().unwrap();
            for _ in 0..3 {
                let args: Vec<Value> =
                    case["args"].as_array().unwrap().iter().map(|a| mutate(a, &mut rng, 300)).collect();
                if let Some(expect) = answer_of(&answer, call, &args) {
                    cases.push(serde_json::json!({ "call": call, "args": args, "expect": expect }));
                }
            }
        }
        let corpus = serde_json::json!({ "cases": cases });
        std::fs::write(corpus_file, serde_json::to_string_pretty(&corpus).unwrap() + "\n").unwrap();
    }
    check_cases(corpus_file, read(corpus_file), "NEVER_UPDATE_THE_CORPUS_THIS_WAY", 10, answer);
}

/// Rounds of `fuzz_round` per test run: 16, or FUZZ_ROUNDS for a long run (docs/testing.md).
pub fn fuzz_rounds() -> u32 {
    std::env::var("FUZZ_ROUNDS").ok().and_then(|n| n.parse().ok()).unwrap_or(16)
}
