//! Graceful shutdown on Ctrl-C or SIGTERM (what Kubernetes sends before it kills a pod).

pub async fn signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down");
}

/// What a part is given to finish on: it resolves when the parts are told to stop.
pub type Stopped = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + 'static>>;

/// The parts of one process that run together and stop together (a gRPC server, an outbox relay, an event
/// consumer, the gateway). Each part is given a `stopped()` future to finish on; `stop` resolves them all
/// and waits for every part.
pub struct Parts {
    stop: tokio::sync::watch::Sender<bool>,
    tasks: tokio::task::JoinSet<anyhow::Result<()>>,
}

impl Default for Parts {
    fn default() -> Self {
        Parts { stop: tokio::sync::watch::channel(false).0, tasks: tokio::task::JoinSet::new() }
    }
}

impl Parts {
    /// Resolves when the parts are told to stop.
    pub fn stopped(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut stopped = self.stop.subscribe();
        async move {
            let _ = stopped.wait_for(|s| *s).await;
        }
    }

    pub fn spawn(
        &mut self,
        part: impl std::future::Future<Output = anyhow::Result<()>> + Send + 'static,
    ) {
        self.tasks.spawn(part);
    }

    /// Resolves when a part ends on its own, which is a failure while the process should run.
    pub async fn failed(&mut self) -> anyhow::Result<()> {
        use anyhow::Context;
        match self.tasks.join_next().await {
            Some(Ok(Ok(()))) => anyhow::bail!("a part stopped unexpectedly"),
            Some(Ok(Err(e))) => Err(e),
            Some(Err(e)) => Err(e).context("a part panicked"),
            None => anyhow::bail!("no part is running"),
        }
    }

    /// Stops every part gracefully and waits for them; the first failure is answered.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        use anyhow::Context;
        let _ = self.stop.send(true);
        let mut outcome = Ok(());
        while let Some(done) = self.tasks.join_next().await {
            if let Err(e) = done.context("a part panicked").and_then(|r| r) {
                outcome = outcome.and(Err(e));
            }
        }
        outcome
    }

    /// Runs until Ctrl-C or SIGTERM (or until a part fails), then stops every part.
    pub async fn run_until_signal(mut self) -> anyhow::Result<()> {
        tokio::select! {
            _ = signal() => self.stop().await,
            failure = self.failed() => {
                let _ = self.stop().await;
                failure
            }
        }
    }
}
