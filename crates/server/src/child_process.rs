//! Every program the server starts (the workbook reader, espeak-ng, lame, sox, the recogniser)
//! runs here: never through a shell, its input on standard input, and within limits of memory
//! (address space), CPU seconds and wall-clock time, its output read up to a bound. A child
//! that passes a limit is killed and its failure said in a `ChildFailure`; the server goes on.

use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::Command;

/// What a child may use.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Address space, bytes (RLIMIT_AS): an allocation past it fails inside the child.
    pub memory: u64,
    /// CPU time, seconds (RLIMIT_CPU): the kernel stops the child past it.
    pub cpu_seconds: u64,
    /// Time from start to exit; the child is killed past it.
    pub wall: Duration,
    /// Bytes of standard output read at most; more is a failure.
    pub output_max: usize,
}

impl Limits {
    /// The speech programs: a few minutes of a call's audio at most.
    pub const SPEECH: Limits =
        Limits { memory: 2 << 30, cpu_seconds: 300, wall: Duration::from_secs(600), output_max: 256 << 20 };
}

/// Why a child gave no answer.
#[derive(Debug, PartialEq, Eq)]
pub enum ChildFailure {
    /// It could not be started (not installed, no such file).
    NotStarted(String),
    /// It ran past its wall-clock time and was killed.
    TooSlow,
    /// It wrote more than `output_max`.
    TooMuchOutput,
    /// It exited with a failure or was killed by a signal (its CPU or memory limit among them);
    /// what it wrote on standard error, cut short.
    Failed(String),
}

impl std::fmt::Display for ChildFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChildFailure::NotStarted(e) => write!(f, "not started: {e}"),
            ChildFailure::TooSlow => write!(f, "ran past its time limit"),
            ChildFailure::TooMuchOutput => write!(f, "wrote more than its output limit"),
            ChildFailure::Failed(e) => write!(f, "failed: {e}"),
        }
    }
}

/// Standard error kept for the failure's words.
const STDERR_KEPT: usize = 4 * 1024;

/// Sets the limits in the child between fork and exec.
fn limit(command: &mut Command, limits: Limits) {
    let set = move || {
        let cap = |resource, value: u64| {
            let value = value as libc::rlim_t;
            let limit = libc::rlimit { rlim_cur: value, rlim_max: value };
            // SAFETY: setrlimit is a plain system call, safe between fork and exec.
            if unsafe { libc::setrlimit(resource, &limit) } != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        };
        cap(libc::RLIMIT_AS, limits.memory)?;
        cap(libc::RLIMIT_CPU, limits.cpu_seconds)?;
        cap(libc::RLIMIT_CORE, 0)
    };
    // SAFETY: the closure only calls setrlimit (async-signal-safe) and allocates nothing.
    unsafe {
        command.pre_exec(set);
    }
}

/// Runs `command` with `input` on its standard input, within `limits`: its standard output.
pub async fn run(command: &mut Command, input: &[u8], limits: Limits) -> Result<Vec<u8>, ChildFailure> {
    limit(command, limits);
    command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true);
    let mut child = command.spawn().map_err(|e| ChildFailure::NotStarted(e.to_string()))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let input = input.to_vec();
    let talk = async move {
        let write = async move {
            // A child that stops reading early (it refused the input) closes the pipe: not a failure here.
            let _ = stdin.write_all(&input).await;
        };
        let read = async move {
            let mut output = Vec::new();
            (&mut stdout).take(limits.output_max as u64 + 1).read_to_end(&mut output).await.map(|_| output)
        };
        let errors = async move {
            let mut kept = Vec::new();
            let _ = (&mut stderr).take(STDERR_KEPT as u64).read_to_end(&mut kept).await;
            kept
        };
        let ((), output, errors) = tokio::join!(write, read, errors);
        (output, errors)
    };
    let outcome = tokio::time::timeout(limits.wall, async {
        let (output, errors) = talk.await;
        let output = output.map_err(|e| ChildFailure::Failed(e.to_string()))?;
        if output.len() > limits.output_max {
            return Err(ChildFailure::TooMuchOutput);
        }
        let status = child.wait().await.map_err(|e| ChildFailure::Failed(e.to_string()))?;
        if !status.success() {
            let said = String::from_utf8_lossy(&errors).trim().to_string();
            return Err(ChildFailure::Failed(if said.is_empty() { status.to_string() } else { said }));
        }
        Ok(output)
    })
    .await;
    match outcome {
        Ok(result) => result,
        // `child` is dropped with the future: kill_on_drop ends it.
        Err(_) => Err(ChildFailure::TooSlow),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(wall_ms: u64, output_max: usize) -> Limits {
        Limits { memory: 1 << 30, cpu_seconds: 10, wall: Duration::from_millis(wall_ms), output_max }
    }

    #[tokio::test]
    async fn a_child_reads_its_input_and_answers() {
        let out = run(&mut Command::new("cat"), b"hello", limits(10_000, 100)).await;
        assert_eq!(out, Ok(b"hello".to_vec()));
    }

    #[tokio::test]
    async fn a_child_past_its_time_is_killed() {
        let out = run(Command::new("sleep").arg("30"), b"", limits(200, 100)).await;
        assert_eq!(out, Err(ChildFailure::TooSlow));
    }

    #[tokio::test]
    async fn a_child_that_writes_too_much_is_refused() {
        let out = run(Command::new("head").args(["-c", "1000", "/dev/zero"]), b"", limits(10_000, 999)).await;
        assert_eq!(out, Err(ChildFailure::TooMuchOutput));
    }

    #[tokio::test]
    async fn a_child_past_its_memory_fails_and_says_so() {
        // 200 MB does not fit in a 64 MB address space; it does in 2 GB.
        let small = Limits { memory: 64 << 20, ..limits(10_000, 100) };
        let out = run(Command::new("python3").args(["-c", "x = bytearray(200 << 20)"]), b"", small).await;
        assert!(matches!(out, Err(ChildFailure::Failed(_))), "{out:?}");
        let roomy = Limits { memory: 2 << 30, ..limits(10_000, 100) };
        let out = run(Command::new("python3").args(["-c", "x = bytearray(200 << 20)"]), b"", roomy).await;
        assert_eq!(out, Ok(vec![]));
    }

    #[tokio::test]
    async fn a_failing_child_says_what_it_wrote() {
        let out = run(Command::new("sh").args(["-c", "echo broken >&2; exit 3"]), b"", limits(10_000, 100)).await;
        assert_eq!(out, Err(ChildFailure::Failed("broken".into())));
    }

    #[tokio::test]
    async fn a_missing_program_is_not_started() {
        let out = run(&mut Command::new("no-such-program-here"), b"", limits(10_000, 100)).await;
        assert!(matches!(out, Err(ChildFailure::NotStarted(_))));
    }
}
