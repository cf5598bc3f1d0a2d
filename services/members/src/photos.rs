//! Where photos are kept: any `object_store` backend chosen by URL (`file:///var/lib/sesame/photos`
//! by default, `s3://bucket/photos` in production, configured by the standard `AWS_*` variables).
//! A photo and its thumbnail are written only after the upload was checked and normalised, and each
//! write replaces its object whole, so a refused upload never touches the previous photo.

use anyhow::{Context, Result};
use bytes::Bytes;
use futures::TryStreamExt;
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
    /// The thumbnail of one version of the photo, kept after the next photo replaces it (cards print
    /// the photo they were made with).
    KeptThumbnail(i32),
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
        match kind {
            Kind::Photo => self.base.clone().join("photos").join(format!("{member_id}.jpg")),
            Kind::Thumbnail => {
                self.base.clone().join("thumbnails").join(format!("{member_id}.jpg"))
            }
            Kind::KeptThumbnail(version) => self.kept(member_id).join(format!("v{version}.jpg")),
        }
    }

    /// The folder of a member's kept thumbnails.
    fn kept(&self, member_id: i64) -> Path {
        self.base.clone().join("kept-thumbnails").join(member_id.to_string())
    }

    #[tracing::instrument(name = "photos.put", skip(self, content), fields(bytes = content.len()))]
    pub async fn put(&self, member_id: i64, kind: Kind, content: Vec<u8>) -> Result<()> {
        self.store
            .put(&self.path(member_id, kind), PutPayload::from(content))
            .await
            .context("cannot write a photo")?;
        Ok(())
    }

    /// Makes `to` the same picture as `from`, as written: on a local folder a second name of the same
    /// file (a hard link, no new file to allocate), elsewhere the store's own copy. What is written to
    /// either afterwards replaces it whole and leaves the other as it was. When the name is still free
    /// it is taken directly; only a picture already there is replaced through a staged name renamed
    /// over it (on a local folder, one change of the photos' folder instead of two).
    #[tracing::instrument(name = "photos.copy", skip(self))]
    pub async fn copy(&self, member_id: i64, from: Kind, to: Kind) -> Result<()> {
        let (from, to) = (self.path(member_id, from), self.path(member_id, to));
        match self.copy_new(&from, &to).await {
            Err(object_store::Error::AlreadyExists { .. }) => self.store.copy(&from, &to).await,
            other => other,
        }
        .context("cannot write a photo")
    }

    /// Keeps the member's thumbnail under its photo's `version`, just before a new photo replaces it:
    /// cards made with that photo print it (a thumbnail is read under the version it replaced; the
    /// current version is read as the thumbnail itself). On a local folder a second name of the same
    /// file. A thumbnail kept under that version already stays as it was: of two photos saved at once,
    /// the one kept is the thumbnail the version had. Nothing to keep is no failure.
    #[tracing::instrument(name = "photos.keep", skip(self))]
    pub async fn keep_thumbnail(&self, member_id: i64, version: i32) -> Result<()> {
        let current = self.path(member_id, Kind::Thumbnail);
        let kept = self.path(member_id, Kind::KeptThumbnail(version));
        match self.copy_new(&current, &kept).await {
            Ok(())
            | Err(
                object_store::Error::AlreadyExists { .. } | object_store::Error::NotFound { .. },
            ) => Ok(()),
            Err(e) => Err(e).context("cannot keep a thumbnail"),
        }
    }

    /// Copies `from` to `to` only when `to` is free (`AlreadyExists` otherwise); a store that cannot
    /// refuse a name taken (S3 as configured by default) copies over it.
    async fn copy_new(&self, from: &Path, to: &Path) -> object_store::Result<()> {
        match self.store.copy_if_not_exists(from, to).await {
            Err(object_store::Error::NotSupported { .. }) => self.store.copy(from, to).await,
            other => other,
        }
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

    /// Removes every picture of a member, kept thumbnails included (nothing when there are none).
    pub async fn delete(&self, member_id: i64) -> Result<()> {
        let kept: Vec<Path> = self
            .store
            .list(Some(&self.kept(member_id)))
            .map_ok(|meta| meta.location)
            .try_collect()
            .await
            .context("cannot list the kept thumbnails")?;
        let current = [Kind::Photo, Kind::Thumbnail].map(|kind| self.path(member_id, kind));
        for path in current.into_iter().chain(kept) {
            match self.store.delete(&path).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
                Err(e) => return Err(e).context("cannot delete a photo"),
            }
        }
        Ok(())
    }
}
