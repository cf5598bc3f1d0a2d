//! The gRPC contracts shared by the gateway and the services, generated from `proto/**/*.proto`.
//! Modules mirror the proto packages (prost resolves cross-package references that way); the short
//! re-exports below are what the code uses.

pub mod sesame {
    pub mod common {
        pub mod v1 {
            tonic::include_proto!("sesame.common.v1");
        }
    }
    pub mod auth {
        pub mod v1 {
            tonic::include_proto!("sesame.auth.v1");
        }
    }
    pub mod geography {
        pub mod v1 {
            tonic::include_proto!("sesame.geography.v1");
        }
    }
    pub mod members {
        pub mod v1 {
            tonic::include_proto!("sesame.members.v1");
        }
    }
}

pub use sesame::auth::v1 as auth;
pub use sesame::common::v1 as common;
pub use sesame::geography::v1 as geography;
pub use sesame::members::v1 as members;
