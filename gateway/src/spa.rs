//! The single-page application: built files from `WEB_DIR`, with a year-long cache for the hashed files
//! under `assets/`, and `index.html` (never cached) for every other path, so a deep link such as
//! `/members` loads the application, whose router shows the screen.

use axum::Router;
use axum::http::{HeaderValue, header::CACHE_CONTROL};
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

pub fn router<S: Clone + Send + Sync + 'static>(web_dir: &Path) -> Router<S> {
    let index = web_dir.join("index.html");
    if !index.is_file() {
        tracing::warn!(web_dir = %web_dir.display(), "no index.html in WEB_DIR: build the web application (make build)");
    }
    let assets = Router::new().fallback_service(ServeDir::new(web_dir.join("assets"))).layer(
        SetResponseHeaderLayer::overriding(
            CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ),
    );
    let pages = Router::new()
        .fallback_service(ServeDir::new(web_dir).fallback(ServeFile::new(index)))
        .layer(SetResponseHeaderLayer::overriding(
            CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ));
    Router::new().nest("/assets", assets).merge(pages)
}
