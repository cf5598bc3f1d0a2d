//! A PostgreSQL server and a NATS server of the test's own, on free loopback ports and in a folder of
//! their own, for the fault tests that stop them hard and start them again: the machine's shared
//! servers, which every other test uses, are never touched. Both are the real programs of the Debian
//! packages (`postgresql`, `nats-server`; `scripts/prerequisites.sh` installs them for `make test`).
//! Dropped, each is stopped and its folder removed.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A free loopback port (bound, then released for the server to take).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Waits until something accepts connections on `port` (at most 30 s, then fails with `logs`).
fn wait_for_port(port: u16, what: &str, logs: impl Fn() -> String) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "{what} does not answer on port {port}:\n{}", logs());
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The folder of PostgreSQL's programs (`initdb`, `pg_ctl`): the newest Debian version installed, or
/// else the `PATH`.
fn postgres_programs() -> PathBuf {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("pg_ctl").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin).unwrap_or_default()
}

/// PostgreSQL refuses to run as root: as root, its programs run as the `postgres` account (which the
/// Debian package makes), and the folder is given to it.
fn as_postgres(program: PathBuf, folder: &Path) -> Command {
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    if !root {
        return Command::new(program);
    }
    let uid = Command::new("id").args(["-u", "postgres"]).output().expect("id");
    let gid = Command::new("id").args(["-g", "postgres"]).output().expect("id");
    let number = |o: std::process::Output| String::from_utf8_lossy(&o.stdout).trim().parse().ok();
    let (uid, gid) = (number(uid), number(gid));
    std::os::unix::fs::chown(folder, uid, gid).expect("the folder given to postgres");
    let mut command = Command::new("runuser");
    command.args(["-u", "postgres", "--"]).arg(program);
    command
}

/// A PostgreSQL server of the test's own (trust authentication, loopback only).
pub(crate) struct PrivatePostgres {
    folder: tempfile::TempDir,
    port: u16,
}

impl PrivatePostgres {
    pub(crate) fn start() -> PrivatePostgres {
        let folder = tempfile::Builder::new().prefix("sesame-pg-").tempdir().unwrap();
        let server = PrivatePostgres { folder, port: free_port() };
        let initdb = server
            .command("initdb")
            .args(["-A", "trust", "-U", "postgres", "--no-sync", "-D"])
            .arg(server.data())
            .stdout(Stdio::null())
            .status()
            .expect("initdb runs");
        assert!(initdb.success(), "initdb failed");
        server.run();
        server
    }

    fn data(&self) -> PathBuf {
        self.folder.path().join("data")
    }

    fn command(&self, program: &str) -> Command {
        as_postgres(postgres_programs().join(program), self.folder.path())
    }

    /// Starts the server and waits until it accepts connections.
    pub(crate) fn run(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off",
            self.port,
            self.folder.path().display()
        );
        let started = self
            .command("pg_ctl")
            .args(["-w", "-t", "60", "-o", &options, "-l"])
            .arg(self.folder.path().join("postgres.log"))
            .arg("-D")
            .arg(self.data())
            .arg("start")
            .stdout(Stdio::null())
            .status()
            .expect("pg_ctl runs");
        assert!(started.success(), "PostgreSQL does not start:\n{}", self.logs());
        wait_for_port(self.port, "PostgreSQL", || self.logs());
    }

    /// Stops it hard (`pg_ctl stop -m immediate`: every process quits at once, without a checkpoint;
    /// the next start recovers from the write-ahead log, as after a crash).
    pub(crate) fn stop_hard(&self) {
        let _ = self
            .command("pg_ctl")
            .args(["-m", "immediate", "-D"])
            .arg(self.data())
            .arg("stop")
            .stdout(Stdio::null())
            .status();
    }

    /// The URL of `database` on it.
    pub(crate) fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    pub(crate) fn logs(&self) -> String {
        std::fs::read_to_string(self.folder.path().join("postgres.log")).unwrap_or_default()
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        self.stop_hard();
    }
}

/// A NATS server with JetStream of the test's own, its streams on disk. A killed process loses nothing
/// JetStream acknowledged (each message is written to its file before the acknowledgement; what the
/// system has not flushed yet survives a process's death). `sync_interval: always`, which deploy/nats.conf
/// sets against a machine's crash, is unknown to Debian's nats-server 2.9.
pub(crate) struct PrivateNats {
    folder: tempfile::TempDir,
    port: u16,
    child: Option<Child>,
}

impl PrivateNats {
    pub(crate) fn start() -> PrivateNats {
        let folder = tempfile::Builder::new().prefix("sesame-nats-").tempdir().unwrap();
        let port = free_port();
        let config = format!(
            "listen: \"127.0.0.1:{port}\"\njetstream {{\n  store_dir: \"{}\"\n}}\n",
            folder.path().join("store").display()
        );
        std::fs::write(folder.path().join("nats.conf"), config).unwrap();
        let mut server = PrivateNats { folder, port, child: None };
        server.run();
        server
    }

    /// Starts the server on its folder and port and waits until it accepts connections.
    pub(crate) fn run(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.folder.path().join("nats.log"))
            .unwrap();
        let child = Command::new("nats-server")
            .arg("-c")
            .arg(self.folder.path().join("nats.conf"))
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("nats-server runs (Debian package nats-server)");
        self.child = Some(child);
        let log = self.folder.path().join("nats.log");
        wait_for_port(self.port, "NATS", || std::fs::read_to_string(&log).unwrap_or_default());
    }

    /// SIGKILL, then waits for it to be gone.
    pub(crate) fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub(crate) fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }
}

impl Drop for PrivateNats {
    fn drop(&mut self) {
        self.kill();
    }
}
