//! Where photos are kept: any `object_store` backend chosen by URL (`file:///var/lib/sesame/photos`
//! by default, `s3://bucket/photos` in production, configured by the standard `AWS_*` variables).
//! A photo and its thumbnail are written only after the upload was checked and normalised, and each
//! write replaces its object whole, so a refused upload never touches the previous photo.

use anyhow::{Context, Result};
use bytes::Bytes;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use std::sync::Arc;

#[derive(Clone)]
pub struct PhotoStore {
    store: Arc<dyn ObjectStore>,
    base: Path,
}

/// Which picture of a member.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Photo,
    Thumbnail,
}

impl PhotoStore {
    /// Opens the store at `url`; a local folder is created when missing.
    pub fn open(url: &str) -> Result<Self> {
        let parsed = url::Url::parse(url)
            .with_context(|| format!("PHOTO_STORE_URL is not a URL: {url:?}"))?;
        if parsed.scheme() == "file" {
            let dir = parsed
                .to_file_path()
                .map_err(|()| anyhow::anyhow!("PHOTO_STORE_URL is not a local path: {url:?}"))?;
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("cannot create the photo folder {}", dir.display()))?;
        }
        let (store, base) = object_store::parse_url_opts(
            &parsed,
            std::env::vars().filter(|(k, _)| k.starts_with("AWS_")),
        )
        .with_context(|| format!("cannot open the photo store {url:?}"))?;
        Ok(PhotoStore { store: Arc::from(store), base })
    }

    fn path(&self, member_id: i64, kind: Kind) -> Path {
        let folder = match kind {
            Kind::Photo => "photos",
            Kind::Thumbnail => "thumbnails",
        };
        self.base.clone().join(folder).join(format!("{member_id}.jpg"))
    }

    #[tracing::instrument(name = "photos.put", skip(self, content), fields(bytes = content.len()))]
    pub async fn put(&self, member_id: i64, kind: Kind, content: Vec<u8>) -> Result<()> {
        self.store
            .put(&self.path(member_id, kind), PutPayload::from(content))
            .await
            .context("cannot write a photo")?;
        Ok(())
    }

    /// The picture, or `None` when there is none.
    #[tracing::instrument(name = "photos.get", skip(self))]
    pub async fn get(&self, member_id: i64, kind: Kind) -> Result<Option<Bytes>> {
        match self.store.get(&self.path(member_id, kind)).await {
            Ok(found) => Ok(Some(found.bytes().await.context("cannot read a photo")?)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e).context("cannot read a photo"),
        }
    }

    /// Removes both pictures of a member (nothing when there are none).
    pub async fn delete(&self, member_id: i64) -> Result<()> {
        for kind in [Kind::Photo, Kind::Thumbnail] {
            match self.store.delete(&self.path(member_id, kind)).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
                Err(e) => return Err(e).context("cannot delete a photo"),
            }
        }
        Ok(())
    }
}
