//! The servers the FTP export's Test connection is tried against, on free local ports: SFTP
//! (russh, files kept in memory, its host key chosen by a seed that can change between
//! connections) and a plain FTP server of a few commands. Each records the passwords it was
//! tried with, to show when none was sent.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{HashAlg, PrivateKey};
use russh::server::{Auth, Msg, Session};
use russh::{Channel, ChannelId};
use russh_sftp::protocol::{FileAttributes, Handle, OpenFlags, Status, StatusCode as SftpStatus};

/// The password the servers accept, for the user `calls`.
pub const PASSWORD: &str = "correct horse 42";

/// The passwords a server was tried with, in order.
pub type Logins = Arc<Mutex<Vec<String>>>;

/// The files the test's SFTP server was sent, by name.
pub type Files = Arc<Mutex<HashMap<String, Vec<u8>>>>;

#[derive(Clone)]
struct SshSide {
    files: Files,
    logins: Logins,
    channels: Arc<Mutex<HashMap<ChannelId, Channel<Msg>>>>,
}

impl russh::server::Handler for SshSide {
    type Error = russh::Error;

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        self.logins.lock().unwrap().push(password.to_string());
        Ok(if user == "calls" && password == PASSWORD { Auth::Accept } else { Auth::reject() })
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.channels.lock().unwrap().insert(channel.id(), channel);
        reply.accept().await;
        Ok(())
    }

    async fn subsystem_request(&mut self, id: ChannelId, name: &str, session: &mut Session) -> Result<(), Self::Error> {
        let channel = self.channels.lock().unwrap().remove(&id);
        match channel {
            Some(channel) if name == "sftp" => {
                session.channel_success(id)?;
                let files = SftpSide { files: self.files.clone(), open: HashMap::new() };
                russh_sftp::server::run(channel.into_stream(), files).await;
            }
            _ => session.channel_failure(id)?,
        }
        Ok(())
    }
}

/// An SFTP server that keeps what it is sent in memory.
struct SftpSide {
    files: Files,
    open: HashMap<String, String>,
}

fn ok(id: u32) -> Status {
    Status { id, status_code: SftpStatus::Ok, error_message: "Ok".into(), language_tag: "en-US".into() }
}

impl russh_sftp::server::Handler for SftpSide {
    type Error = SftpStatus;

    fn unimplemented(&self) -> Self::Error {
        SftpStatus::OpUnsupported
    }

    async fn open(
        &mut self,
        id: u32,
        filename: String,
        pflags: OpenFlags,
        _attrs: FileAttributes,
    ) -> Result<Handle, Self::Error> {
        if !pflags.contains(OpenFlags::CREATE) {
            return Err(SftpStatus::NoSuchFile);
        }
        let handle = format!("h{}", self.open.len());
        self.files.lock().unwrap().insert(filename.clone(), Vec::new());
        self.open.insert(handle.clone(), filename);
        Ok(Handle { id, handle })
    }

    async fn write(&mut self, id: u32, handle: String, _offset: u64, data: Vec<u8>) -> Result<Status, Self::Error> {
        let name = self.open.get(&handle).ok_or(SftpStatus::Failure)?;
        self.files.lock().unwrap().get_mut(name).ok_or(SftpStatus::Failure)?.extend_from_slice(&data);
        Ok(ok(id))
    }

    async fn close(&mut self, id: u32, handle: String) -> Result<Status, Self::Error> {
        self.open.remove(&handle);
        Ok(ok(id))
    }
}

/// The one file a server was sent: its name and content.
pub fn only_file(files: &Files) -> (String, Vec<u8>) {
    let files = files.lock().unwrap();
    assert_eq!(files.len(), 1, "{:?}", files.keys());
    files.iter().next().map(|(name, content)| (name.clone(), content.clone())).unwrap()
}

/// The host key an SFTP server of this seed shows, as the test reads it.
pub fn host_key(seed: u8) -> String {
    PrivateKey::from(Ed25519Keypair::from_seed(&[seed; 32])).public_key().fingerprint(HashAlg::Sha256).to_string()
}

/// A running SFTP server: its port, the files and passwords it was sent, and the seed of the
/// host key it shows to the next connection.
pub struct SftpServer {
    pub port: u16,
    pub files: Files,
    pub logins: Logins,
    pub key_seed: Arc<Mutex<u8>>,
}

/// Serves SFTP on a free local port with the host key of seed 42.
pub async fn sftp_server() -> SftpServer {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = SftpServer { port, files: Arc::default(), logins: Arc::default(), key_seed: Arc::new(Mutex::new(42)) };
    let side = SshSide { files: server.files.clone(), logins: server.logins.clone(), channels: Arc::default() };
    let seed = server.key_seed.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let key = *seed.lock().unwrap();
            let config = Arc::new(russh::server::Config {
                auth_rejection_time: Duration::from_millis(10),
                auth_rejection_time_initial: Some(Duration::ZERO),
                keys: vec![PrivateKey::from(Ed25519Keypair::from_seed(&[key; 32]))],
                ..Default::default()
            });
            let side = side.clone();
            tokio::spawn(async move {
                if let Ok(session) = russh::server::run_stream(config, stream, side).await {
                    let _ = session.await;
                }
            });
        }
    });
    server
}

/// A plain FTP server of a few commands (USER, PASS, TYPE, PASV, STOR, QUIT) on a free local
/// port; the files it was sent. Its passive reply names another address (203.0.113.9): the test
/// must connect to the address it already checked, not that one.
pub async fn ftp_server() -> (u16, Files, Logins) {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let files: Files = Arc::default();
    let logins: Logins = Arc::default();
    let kept = files.clone();
    let tried = logins.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let (files, tried) = (kept.clone(), tried.clone());
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                let mut data = None;
                let mut user = String::new();
                write.write_all(b"220-Welcome\r\n220 Test FTP ready\r\n").await.unwrap();
                while let Ok(Some(line)) = lines.next_line().await {
                    let (command, argument) = line.split_once(' ').unwrap_or((&line, ""));
                    if command == "PASS" {
                        tried.lock().unwrap().push(argument.to_string());
                    }
                    let answer = match command {
                        "USER" => {
                            user = argument.to_string();
                            "331 Password please".to_string()
                        }
                        "PASS" if user == "calls" && argument == PASSWORD => "230 Logged in".into(),
                        "PASS" => "530 Login incorrect".into(),
                        "TYPE" => "200 Binary".into(),
                        "PASV" => {
                            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                            let p = listener.local_addr().unwrap().port();
                            data = Some(listener);
                            format!("227 Entering Passive Mode (203,0,113,9,{},{})", p / 256, p % 256)
                        }
                        "STOR" => {
                            let listener = data.take().unwrap();
                            write.write_all(b"150 Send it\r\n").await.unwrap();
                            let (mut socket, _) = listener.accept().await.unwrap();
                            let mut content = Vec::new();
                            socket.read_to_end(&mut content).await.unwrap();
                            files.lock().unwrap().insert(argument.to_string(), content);
                            "226 Stored".into()
                        }
                        "QUIT" => break,
                        _ => "502 Not here".into(),
                    };
                    write.write_all(format!("{answer}\r\n").as_bytes()).await.unwrap();
                }
            });
        }
    });
    (port, files, logins)
}
