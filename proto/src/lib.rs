//! The gRPC contracts shared by the gateway and the services, generated from `proto/**/*.proto`.
//! Modules mirror the proto packages (prost resolves cross-package references that way); the short
//! names (`proto::auth`, `proto::members`, ...) are what the code uses. `build.rs` writes both for
//! every package it finds.

include!(concat!(env!("OUT_DIR"), "/packages.rs"));
