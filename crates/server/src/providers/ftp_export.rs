//! The FTP export's Test connection: log in to the customer's server over SFTP (russh) or FTP
//! and write a small test file, then say in words what happened. The host is held to the website
//! check's address rules (`website_check::fetch::is_public`): resolved once, every address
//! inside a network refused, and the connection made to the address checked (for FTP's data
//! connection too: the server's passive address is ignored for the control connection's), so a
//! customer cannot make the server reach into its own network. The whole test has a time limit.
//! Every failure to connect (refused, unreachable, silent) reads the same, so a test cannot tell
//! open, closed and filtered ports apart; over SFTP, the password goes only to a server showing
//! the host key the user confirmed.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use russh::keys::HashAlg;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use domain::integrations::{FTP_HOST_KEY_CHANGED, FTP_HOST_KEY_CONFIRM, FTP_NOT_CONNECTED};

use crate::jobs::website_check::fetch::is_public;
use crate::jobs::website_check::FetchPolicy;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Ftp,
    Sftp,
}

impl Protocol {
    pub fn parse(text: &str) -> Option<Protocol> {
        match text {
            "ftp" => Some(Protocol::Ftp),
            "sftp" => Some(Protocol::Sftp),
            _ => None,
        }
    }
}

/// Where and how to log in (the password in the clear, only for the test's duration).
pub struct Target<'a> {
    pub protocol: Protocol,
    pub host: &'a str,
    pub port: u16,
    pub username: &'a str,
    pub password: &'a str,
    /// The export's file name, `calls_{timestamp}`.
    pub file_name: &'a str,
    /// SFTP: the fingerprint of the host key the user confirmed; none logs in nowhere.
    pub host_key: Option<&'a str>,
}

/// What the test found, in words for the customer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub connected: bool,
    pub message: String,
    /// SFTP: the fingerprint of the host key the server showed.
    pub host_key: Option<String>,
    /// The server's key was not the one confirmed (or none was): nothing was sent, the user
    /// may check the key and confirm it.
    pub confirm_host_key: bool,
}

fn failed(message: String) -> Outcome {
    Outcome { connected: false, message, host_key: None, confirm_host_key: false }
}

/// Any failure to open the connection, in the same words.
fn not_connected() -> Outcome {
    failed(FTP_NOT_CONNECTED.into())
}

/// `unix` as 20261123T100000 (UTC), what `{timestamp}` becomes.
pub fn timestamp(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}{month:02}{day:02}T{:02}{:02}{:02}", secs / 3600, secs % 3600 / 60, secs % 60)
}

/// The test file's name: the export's, its token filled in, marked as a test.
pub fn test_file_name(file_name: &str, now: i64) -> String {
    format!("{}_connection_test.csv", file_name.replace(domain::FTP_TIMESTAMP_TOKEN, &timestamp(now)))
}

const TEST_CONTENT: &[u8] = b"This file was written by the FTP export's Test connection. You may delete it.\r\n";

/// Logs in and writes a test file, within the policy's time limit.
pub async fn test_connection(target: &Target<'_>, policy: &FetchPolicy, now: i64) -> Outcome {
    match tokio::time::timeout(policy.timeout, run(target, policy.allow_loopback, now)).await {
        Ok(outcome) => outcome,
        Err(_) => not_connected(),
    }
}

async fn run(target: &Target<'_>, allow_loopback: bool, now: i64) -> Outcome {
    let address = match resolve(target.host, target.port, allow_loopback).await {
        Ok(address) => address,
        Err(outcome) => return outcome,
    };
    let Ok(stream) = TcpStream::connect(address).await else { return not_connected() };
    let name = test_file_name(target.file_name, now);
    match target.protocol {
        Protocol::Sftp => sftp(stream, target, &name).await,
        Protocol::Ftp => ftp(stream, address, target, &name).await,
    }
}

/// The one address to connect to: the host's first address outside any network.
async fn resolve(host: &str, port: u16, allow_loopback: bool) -> Result<SocketAddr, Outcome> {
    let found: Vec<SocketAddr> = match tokio::net::lookup_host((host, port)).await {
        Ok(found) => found.collect(),
        Err(_) => Vec::new(),
    };
    if found.is_empty() {
        return Err(failed(format!("We could not find {host}: check the host name.")));
    }
    found.into_iter().find(|a| is_public(a.ip(), allow_loopback)).ok_or_else(|| {
        failed(format!("{host} is an address inside a private network: we only connect to servers on the internet."))
    })
}

/// Accepts only the host key the user confirmed (before any password is sent), and remembers
/// the fingerprint of the one shown, to tell the customer.
struct Client {
    expected: Option<String>,
    fingerprint: Arc<Mutex<Option<String>>>,
}

impl russh::client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(&mut self, key: &russh::keys::PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        let russh::keys::PublicKeyOrCertificate::PublicKey { key, .. } = key else { return Ok(false) };
        let shown = key.fingerprint(HashAlg::Sha256).to_string();
        let accepted = self.expected.as_deref() == Some(shown.as_str());
        *self.fingerprint.lock().expect("not poisoned") = Some(shown);
        Ok(accepted)
    }
}

/// The server showed a key other than the one confirmed (or none was): nothing was sent.
fn key_not_confirmed(target: &Target<'_>, shown: String) -> Outcome {
    let message = if target.host_key.is_some() { FTP_HOST_KEY_CHANGED } else { FTP_HOST_KEY_CONFIRM };
    Outcome { connected: false, message: message.into(), host_key: Some(shown), confirm_host_key: true }
}

async fn sftp(stream: TcpStream, target: &Target<'_>, name: &str) -> Outcome {
    let (host, port) = (target.host, target.port);
    // An FTP server greets first with a reply code ("220 ..."), and would wait for a command
    // where an SSH client waits for the server's version line: tell it apart at once.
    let mut first = [0u8; 4];
    if let Ok(n) = stream.peek(&mut first).await {
        if n == 4 && first[..3].iter().all(u8::is_ascii_digit) && matches!(first[3], b' ' | b'-') {
            return failed(format!("{host}:{port} did not answer as an SFTP server: is it an FTP one?"));
        }
    }
    let fingerprint = Arc::new(Mutex::new(None));
    let config =
        Arc::new(russh::client::Config { inactivity_timeout: Some(Duration::from_secs(60)), ..Default::default() });
    let client = Client { expected: target.host_key.map(String::from), fingerprint: fingerprint.clone() };
    let mut session = match russh::client::connect_stream(config, stream, client).await {
        Ok(session) => session,
        Err(_) => {
            let shown = fingerprint.lock().expect("not poisoned").clone();
            return match shown {
                Some(shown) if target.host_key != Some(shown.as_str()) => key_not_confirmed(target, shown),
                _ => failed(format!("{host}:{port} did not answer as an SFTP server: is it an FTP one?")),
            };
        }
    };
    match session.authenticate_password(target.username, target.password).await {
        Ok(answer) if answer.success() => {}
        Ok(_) => return failed(format!("{host}:{port} refused the username or password.")),
        Err(_) => return failed(format!("{host}:{port} closed the connection while logging in.")),
    }
    let written = async {
        let channel = session.channel_open_session().await.map_err(|e| e.to_string())?;
        channel.request_subsystem(true, "sftp").await.map_err(|e| e.to_string())?;
        let sftp = russh_sftp::client::SftpSession::new(channel.into_stream()).await.map_err(|e| e.to_string())?;
        let mut file = sftp.create(name).await.map_err(|e| e.to_string())?;
        file.write_all(TEST_CONTENT).await.map_err(|e| e.to_string())?;
        file.shutdown().await.map_err(|e| e.to_string())?;
        let _ = sftp.close().await;
        Ok::<(), String>(())
    }
    .await;
    let _ = session.disconnect(russh::Disconnect::ByApplication, "", "en").await;
    let key = fingerprint.lock().expect("not poisoned").clone().unwrap_or_default();
    match written {
        Ok(()) => Outcome {
            connected: true,
            message: format!(
                "Connected to {host}:{port} and wrote a test file, {name}. The server's host key is {key}."
            ),
            host_key: Some(key),
            confirm_host_key: false,
        },
        Err(reason) => failed(format!("Logged in to {host}:{port}, but could not write a test file: {reason}.")),
    }
}

/// An FTP reply: its code and text (the last line of a multi-line one).
async fn reply<R: tokio::io::AsyncBufRead + Unpin>(reader: &mut R) -> Result<(u16, String), String> {
    let mut first_code = None;
    loop {
        let mut line = String::new();
        let read = reader.read_line(&mut line).await.map_err(|e| e.to_string())?;
        if read == 0 {
            return Err("the server closed the connection".into());
        }
        if line.len() > 4_096 {
            return Err("the server's answer was too long".into());
        }
        let code: Option<u16> = line.get(..3).and_then(|c| c.parse().ok());
        let Some(code) = code.or(first_code) else { return Err("the server did not answer as FTP".into()) };
        first_code.get_or_insert(code);
        // "123-" starts a multi-line reply, ended by "123 ".
        if line.as_bytes().get(3) != Some(&b'-') && line.get(..3).and_then(|c| c.parse::<u16>().ok()) == Some(code) {
            return Ok((code, line.trim_end().to_string()));
        }
    }
}

/// The FTP control connection.
struct Control {
    read: BufReader<tokio::net::tcp::OwnedReadHalf>,
    write: tokio::net::tcp::OwnedWriteHalf,
}

impl Control {
    /// Sends `command` (none: only reads, as for the greeting) and reads the reply.
    async fn ask(&mut self, command: Option<&str>) -> Result<(u16, String), String> {
        if let Some(command) = command {
            self.write.write_all(format!("{command}\r\n").as_bytes()).await.map_err(|e| e.to_string())?;
        }
        reply(&mut self.read).await
    }
}

async fn ftp(stream: TcpStream, address: SocketAddr, target: &Target<'_>, name: &str) -> Outcome {
    let (host, port) = (target.host, target.port);
    // The domain's rules refuse them already; a command must never carry another.
    if [target.username, target.password, name].iter().any(|v| v.contains(['\r', '\n'])) {
        return failed("The username, password and file name cannot contain line breaks.".into());
    }
    let (read, write) = stream.into_split();
    let mut control = Control { read: BufReader::new(read), write };
    let no = |code: u16, what: &str| failed(format!("{host}:{port} answered FTP code {code} {what}."));
    let lost = |reason: String| failed(format!("{host}:{port} stopped answering: {reason}."));
    match control.ask(None).await {
        Ok((220, _)) => {}
        Ok(_) | Err(_) => return failed(format!("{host}:{port} did not answer as an FTP server: is it an SFTP one?")),
    }
    match control.ask(Some(&format!("USER {}", target.username))).await {
        Ok((230, _)) => {}
        Ok((331, _)) => match control.ask(Some(&format!("PASS {}", target.password))).await {
            Ok((230, _)) => {}
            Ok(_) => return failed(format!("{host}:{port} refused the username or password.")),
            Err(reason) => return lost(reason),
        },
        Ok(_) => return failed(format!("{host}:{port} refused the username or password.")),
        Err(reason) => return lost(reason),
    }
    match control.ask(Some("TYPE I")).await {
        Ok((200, _)) => {}
        Ok((code, _)) => return no(code, "to binary mode"),
        Err(reason) => return lost(reason),
    }
    let pasv = match control.ask(Some("PASV")).await {
        Ok((227, text)) => text,
        Ok((code, _)) => return no(code, "to passive mode"),
        Err(reason) => return lost(reason),
    };
    // (h1,h2,h3,h4,p1,p2): only the port is used; the address is the one already checked.
    let numbers: Vec<u16> =
        pasv.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()).filter_map(|s| s.parse().ok()).collect();
    let data_port = match numbers.as_slice() {
        [.., h1, _, _, _, p1, p2] if *h1 <= 255 && *p1 <= 255 && *p2 <= 255 && numbers.len() >= 7 => p1 * 256 + p2,
        _ => return failed(format!("{host}:{port} gave a passive address we could not read.")),
    };
    let Ok(mut data) = TcpStream::connect(SocketAddr::new(address.ip(), data_port)).await else {
        return failed(format!("{host}:{port} offered a data connection we could not open."));
    };
    match control.ask(Some(&format!("STOR {name}"))).await {
        Ok((125 | 150, _)) => {}
        Ok((code, _)) => return no(code, "to the test file"),
        Err(reason) => return lost(reason),
    }
    let sent = data.write_all(TEST_CONTENT).await.is_ok() && data.shutdown().await.is_ok();
    drop(data);
    let stored = control.ask(None).await;
    let _ = control.write.write_all(b"QUIT\r\n").await;
    match stored {
        Ok((226 | 250, _)) if sent => Outcome {
            connected: true,
            message: format!("Connected to {host}:{port} and wrote a test file, {name}."),
            host_key: None,
            confirm_host_key: false,
        },
        Ok((code, _)) if !(226..=250).contains(&code) => no(code, "to the test file"),
        Ok(_) => failed(format!("Logged in to {host}:{port}, but could not write a test file.")),
        Err(reason) => lost(reason),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_timestamp_token_becomes_the_date_and_time() {
        assert_eq!(timestamp(1_795_428_000), "20261123T100000");
        assert_eq!(timestamp(0), "19700101T000000");
        assert_eq!(test_file_name("calls_{timestamp}", 1_795_428_000), "calls_20261123T100000_connection_test.csv");
    }

    #[tokio::test]
    async fn addresses_inside_a_network_are_refused_before_connecting() {
        let target = Target {
            protocol: Protocol::Sftp,
            host: "10.0.0.1",
            port: 22,
            username: "u",
            password: "p",
            file_name: "calls",
            host_key: None,
        };
        let outcome = test_connection(&target, &FetchPolicy::default(), 0).await;
        assert_eq!(
            outcome.message,
            "10.0.0.1 is an address inside a private network: we only connect to servers on the internet."
        );
        let loopback = Target { host: "127.0.0.1", ..target };
        assert!(!test_connection(&loopback, &FetchPolicy::default(), 0).await.connected);
    }
}
