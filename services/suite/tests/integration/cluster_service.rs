//! A Kubernetes Service in front of a service's replicas, on loopback: each new connection goes to the
//! next replica, in turn, that accepts it (kube-proxy, whose endpoints lose a pod once it is dead); a
//! connection whose replica dies is cut, as the pod's would be. Counts what each replica was sent.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};

pub(crate) struct ClusterService {
    /// Where callers reach it (`http://127.0.0.1:port`).
    pub url: String,
    /// Bytes sent to each replica, in the order given.
    sent: Arc<Vec<AtomicU64>>,
    task: tokio::task::JoinHandle<()>,
}

impl ClusterService {
    /// A Service over `replicas`; its first connection goes to the first of them.
    pub(crate) async fn over(replicas: Vec<SocketAddr>) -> ClusterService {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
        let url = format!("http://{}", listener.local_addr().unwrap());
        let sent: Arc<Vec<AtomicU64>> =
            Arc::new(replicas.iter().map(|_| AtomicU64::new(0)).collect());
        let next = Arc::new(AtomicUsize::new(0));
        let counters = sent.clone();
        let task = tokio::spawn(async move {
            while let Ok((caller, _)) = listener.accept().await {
                let (replicas, counters, next) = (replicas.clone(), counters.clone(), next.clone());
                tokio::spawn(async move {
                    let first = next.fetch_add(1, Ordering::Relaxed);
                    for turn in 0..replicas.len() {
                        let chosen = (first + turn) % replicas.len();
                        if let Ok(replica) = TcpStream::connect(replicas[chosen]).await {
                            relay(caller, replica, &counters[chosen]).await;
                            return;
                        }
                    }
                });
            }
        });
        ClusterService { url, sent, task }
    }

    /// Bytes sent so far to the replica at `index`.
    pub(crate) fn sent_to(&self, index: usize) -> u64 {
        self.sent[index].load(Ordering::Relaxed)
    }
}

/// Copies both ways until either side closes; then closes the other.
async fn relay(mut caller: TcpStream, mut replica: TcpStream, sent: &AtomicU64) {
    let _ = (caller.set_nodelay(true), replica.set_nodelay(true));
    let (mut from_caller, mut to_caller) = caller.split();
    let (mut from_replica, mut to_replica) = replica.split();
    let upstream = async {
        let mut buffer = vec![0u8; 16 * 1024];
        loop {
            use tokio::io::AsyncReadExt;
            match from_caller.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if to_replica.write_all(&buffer[..n]).await.is_err() {
                        break;
                    }
                    sent.fetch_add(n as u64, Ordering::Relaxed);
                }
            }
        }
    };
    let downstream = tokio::io::copy(&mut from_replica, &mut to_caller);
    // Whichever side ends first ends the connection: a dead replica's callers see it cut at once.
    tokio::select! {
        _ = upstream => {}
        _ = downstream => {}
    }
    let _ = to_caller.shutdown().await;
}

impl Drop for ClusterService {
    fn drop(&mut self) {
        self.task.abort();
    }
}
