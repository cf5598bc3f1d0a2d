//! The gateway's own duties: the single-page application, JSON errors for unknown calls, the OpenAPI
//! document, probes, login parameters and the environment.

use crate::support::TestSuite;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// Every client route of the specification (point 2).
const CLIENT_ROUTES: &[&str] = &[
    "/",
    "/about",
    "/cards",
    "/cooperatives",
    "/delivery",
    "/departments",
    "/documentation",
    "/localities",
    "/localities/import",
    "/login",
    "/members",
    "/metabase_stats",
    "/metabase_stats/report",
    "/parcels",
    "/reader",
    "/README",
    "/regions",
    "/reports",
    "/subprefectures",
    "/synchronization",
    "/synchronization/journal",
    "/tools",
    "/tools/photo_sync_failed",
    "/user_list",
    "/a/path/that/does/not/exist",
];

#[tokio::test(flavor = "multi_thread")]
async fn every_client_route_loads_the_application_uncached() {
    let suite = TestSuite::start().await;
    for route in CLIENT_ROUTES {
        let response = suite.http.get(suite.url(route)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{route}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{route}");
        assert!(response.text().await.unwrap().contains("<div id=\"app\">"), "{route}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn hashed_assets_are_cached_for_a_year_and_missing_ones_are_404() {
    let suite = TestSuite::start().await;
    let response = suite.http.get(suite.url("/assets/index-3f2a1b.js")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    let missing = suite.http.get(suite.url("/assets/gone-000.js")).send().await.unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_api_path_is_a_json_404_never_the_application() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    for path in ["/api/nothing/here", "/api/member/get.member_lists", "/api/"] {
        let (status, body) = suite.get(path, &admin).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(body["status"], "error", "{path}: {body}");
        assert!(body["message"].as_str().unwrap().starts_with("Appel inconnu"), "{body}");
    }
    let (status, body) = suite.call(Method::GET, "/api/auth/login", None, None).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(body["status"], "error");
}

/// The reference an error notice shows: the trace the browser started for the call, answered back.
#[tokio::test(flavor = "multi_thread")]
async fn each_call_answers_the_trace_the_browser_started_for_it() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let trace_id = "4BF92F3577B34DA6A3CE929D0E0E4736";
    let answer = suite
        .http
        .get(suite.url("/api/member/get_member/987654321"))
        .bearer_auth(&admin)
        .header("traceparent", format!("00-{trace_id}-00f067aa0ba902b7-01"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::NOT_FOUND);
    assert_eq!(answer.headers()["x-trace-id"], trace_id.to_lowercase());
    let answer =
        suite.http.get(suite.url("/api/auth/me")).bearer_auth(&admin).send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::OK);
    assert!(answer.headers().get("x-trace-id").is_none(), "no trace was started, none is made up");
    let forged = suite
        .http
        .get(suite.url("/api/auth/me"))
        .bearer_auth(&admin)
        .header("traceparent", "00-<script>alert(1)</script>-00f067aa0ba902b7-01")
        .send()
        .await
        .unwrap();
    assert!(forged.headers().get("x-trace-id").is_none(), "only a trace id is answered back");
}

#[tokio::test(flavor = "multi_thread")]
async fn answers_are_compressed_when_the_browser_accepts_it() {
    let suite = TestSuite::start().await;
    let token = suite.admin_token().await;
    let response = suite
        .http
        .get(suite.url("/api/openapi.json"))
        .bearer_auth(&token)
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
}

/// The calls implemented so far, as (method, path under /api).
const IMPLEMENTED: &[(&str, &str)] = &[
    ("post", "/auth/login"),
    ("post", "/auth/sync_login"),
    ("post", "/auth/refresh"),
    ("post", "/auth/logout"),
    ("get", "/auth/me"),
    ("get", "/auth/generate/{password}"),
    ("get", "/user/user_list"),
    ("get", "/user/get_user/{id}"),
    ("post", "/user/post_user"),
    ("patch", "/user/patch_user"),
    ("delete", "/user/delete_user/{id}"),
    ("post", "/user/post_user-sync_token/{id}"),
    ("get", "/synchronization/get_synchronization_start/{direction}"),
    ("post", "/synchronization/get_synchronization_stop"),
    ("get", "/synchronization/get.synchronization_list"),
    ("get", "/synchronization/get.synchronization/{uuid}"),
    ("get", "/synchronization/get.synchronization_conflicts/{uuid}"),
    ("get", "/synchronization/get.synchronization_peer_list"),
    ("delete", "/synchronization/delete_synchronization_peer_lineage/{instanceId}"),
    ("get", "/synchronization/get_synchronization_to_server"),
    ("get", "/synchronization/get_synchronization_from_server_checkpoints"),
    ("get", "/synchronization/get_synchronization_from_server_photos"),
    ("post", "/synchronization/post_synchronization"),
    ("get", "/synchronization/get_synchronization_from_server"),
    ("get", "/synchronization/get_synchronization_geography"),
    ("get", "/synchronization/get_synchronization_cards"),
    ("post", "/synchronization/post_synchronization_photos"),
    ("get", "/metabase/{reportName}"),
    ("get", "/report/get.report_list"),
    ("get", "/report/get.report/{report_id}"),
    ("get", "/report/get.report_json/{report_id}"),
    ("get", "/report/get.report_versions/{report_id}"),
    ("post", "/report/post.report"),
    ("post", "/report/post.report_copy"),
    ("post", "/report/post.report_json"),
    ("delete", "/report/delete.report/{report_id}"),
    ("get", "/tools/get.missing-photo_list"),
    ("post", "/tools/post.missing-photo_retry"),
    ("delete", "/user/delete_user-sync_token/{id}"),
    ("get", "/loginparam/get_loginParam/{loginParam_name}"),
    ("post", "/loginparam/post_loginParam"),
    ("get", "/env/get_env"),
    ("get", "/env/get_about"),
    ("get", "/home/get.day_figures"),
    ("get", "/region/get.region_list"),
    ("get", "/region/get_region/{id}"),
    ("post", "/region/post_region"),
    ("delete", "/region/delete_region/{id}"),
    ("get", "/department/get.department_list"),
    ("get", "/department/get_department/{id}"),
    ("post", "/department/post_department"),
    ("delete", "/department/delete_department/{id}"),
    ("get", "/subprefecture/get.subprefecture_list"),
    ("get", "/subprefecture/get_subprefecture/{id}"),
    ("post", "/subprefecture/post_subprefecture"),
    ("delete", "/subprefecture/delete_subprefecture/{id}"),
    ("get", "/locality/get.locality_list"),
    ("get", "/locality/get_locality/{id}"),
    ("post", "/locality/post_locality"),
    ("delete", "/locality/delete_locality/{id}"),
    ("post", "/locality/post_locality-import"),
    ("get", "/member/get.member_list"),
    ("get", "/member/get.member_count"),
    ("get", "/member/get_member/{member_id}"),
    ("get", "/member/get_member-family/{member_id}"),
    ("post", "/member/post_member"),
    ("delete", "/member/delete_member/{member_id}"),
    ("post", "/member/post_member-photo"),
    ("get", "/member/get_member-photo/{member_id}"),
    ("post", "/member/post.member_export"),
    ("get", "/member/get.member_export/{exportId}"),
    ("get", "/member/get.member_export_file/{exportId}"),
    ("post", "/card/post.card_export"),
    ("get", "/card/get.card_export/{exportId}"),
    ("get", "/card/get.card_export_file/{exportId}"),
    ("post", "/delivery/post.delivery_export"),
    ("get", "/delivery/get.delivery_export/{exportId}"),
    ("get", "/delivery/get.delivery_export_file/{exportId}"),
    ("post", "/transaction/post.transaction_export"),
    ("get", "/transaction/get.transaction_export/{exportId}"),
    ("get", "/transaction/get.transaction_export_file/{exportId}"),
    ("get", "/cooperative/get.cooperative_list"),
    ("get", "/cooperative/get_cooperative/{cooperative_id}"),
    ("post", "/cooperative/post_cooperative"),
    ("delete", "/cooperative/delete_cooperative/{cooperative_id}"),
    ("get", "/parcel/get.parcel_list"),
    ("get", "/parcel/get_parcel/{parcel_id}"),
    ("post", "/parcel/post_parcel"),
    ("delete", "/parcel/delete_parcel/{parcel_id}"),
    ("get", "/transaction/get.transaction_list"),
    ("get", "/transaction/get_transaction/{transaction_id}"),
    ("post", "/transaction/post_transaction"),
    ("delete", "/transaction/delete_transaction/{transaction_id}"),
    ("get", "/get.transaction_search"),
    ("get", "/card/get.card_list"),
    ("get", "/card/get_card/{card_id}"),
    ("post", "/card/get.card_creation.member_list"),
    ("post", "/card/get.card_creation.create"),
    ("post", "/card/create_member_card"),
    ("post", "/card/post.mark_as_printed"),
    ("get", "/card/get.card_to_deliver"),
    ("get", "/card/get.card_key"),
    ("post", "/card/post.card_revoke"),
    ("post", "/card/post.printing_card_list_by_id"),
    ("get", "/delivery/get.delivery_list"),
    ("get", "/delivery/get.delivery/{delivery_id}"),
    ("post", "/delivery/post_delivery"),
    ("delete", "/delivery/delete.delivery/{delivery_id}"),
    ("post", "/delivery/post.printing_delivery_list_by_id"),
    ("post", "/delivery/post.delivery_proof/{delivery_id}"),
    ("get", "/delivery/get.delivery_proof/{delivery_id}"),
    ("post", "/card/post_card"),
    ("delete", "/card/delete_card/{card_id}"),
    ("post", "/card/post.card_creation.refresh"),
    ("post", "/card/post.card_reprint"),
    ("post", "/transaction/post.statement_import"),
    ("post", "/transaction/post.statement_job"),
    ("post", "/transaction/post.statement_job_rows"),
    ("get", "/transaction/get.statement_job/{jobId}"),
    ("get", "/transaction/get.unmatched_list"),
    ("post", "/transaction/post.unmatched_assign"),
    ("get", "/history/get.history/{entity}/{id}"),
    ("get", "/history/get.history_verify/{entity}/{id}"),
    ("post", "/history/post.history_restore"),
    ("get", "/history/get.history_list"),
];

async fn openapi(suite: &TestSuite) -> Value {
    let token = suite.admin_token().await;
    let (status, doc) = suite.call(Method::GET, "/api/openapi.json", Some(&token), None).await;
    assert_eq!(status, StatusCode::OK);
    doc
}

#[tokio::test(flavor = "multi_thread")]
async fn openapi_lists_every_implemented_call() {
    let suite = TestSuite::start().await;
    let doc = openapi(&suite).await;
    assert_eq!(doc["servers"][0]["url"], "/api");
    let mut listed: Vec<(String, String)> = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            listed.push((method.clone(), path.clone()));
        }
    }
    listed.sort();
    let mut expected: Vec<(String, String)> =
        IMPLEMENTED.iter().map(|(m, p)| (m.to_string(), p.to_string())).collect();
    expected.sort();
    assert_eq!(listed, expected);
}

#[tokio::test(flavor = "multi_thread")]
async fn every_call_but_sign_in_needs_a_token() {
    let suite = TestSuite::start().await;
    let doc = openapi(&suite).await;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            if path == "/auth/login" || path == "/auth/sync_login" {
                continue;
            }
            // Every path parameter takes a plausible value: the call must be refused for want of a token.
            let concrete: String = path
                .split('/')
                .map(|part| {
                    if part.starts_with('{') {
                        if part == "{password}" || part == "{loginParam_name}" {
                            "abcd"
                        } else {
                            "1"
                        }
                    } else {
                        part
                    }
                })
                .collect::<Vec<_>>()
                .join("/");
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let (status, body) =
                suite.call(method.clone(), &format!("/api{concrete}"), None, Some(json!({}))).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path}: {body}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn probes_answer() {
    let suite = TestSuite::start().await;
    assert_eq!(suite.http.get(suite.url("/livez")).send().await.unwrap().status(), StatusCode::OK);
    let ready = suite.http.get(suite.url("/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), StatusCode::OK);
    let body: Value = ready.json().await.unwrap();
    for service in ["auth", "geography", "members"] {
        assert_eq!(body[service], true, "{service} is asked: {body}");
    }
    assert_eq!(body["nats"], true);
}

#[tokio::test(flavor = "multi_thread")]
async fn env_answers_the_running_environment() {
    let suite =
        TestSuite::start_with(|c| c.gateway.running_env = common::config::RunningEnv::Field).await;
    let (_, token) = suite.login_with_role("viewer.env", "viewer").await;
    let (status, body) = suite.get("/api/env/get_env", &token).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["runningEnv"], "field");
    let (_, about) = suite.get("/api/env/get_about", &token).await;
    assert_eq!(about["data"]["version"], env!("CARGO_PKG_VERSION"));
}

#[tokio::test(flavor = "multi_thread")]
async fn login_params_are_written_by_admins_and_read_by_business_roles() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let param = json!({"loginParam_name": "card_validity_months", "loginParam_intValue": 24, "loginParam_dateValue": "2027-01-31"});
    let (status, body) = suite.post("/api/loginparam/post_loginParam", &admin, param).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, viewer) = suite.login_with_role("viewer.params", "viewer").await;
    let (status, body) =
        suite.get("/api/loginparam/get_loginParam/card_validity_months", &viewer).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["loginParam_intValue"], 24);
    assert_eq!(body["data"]["loginParam_dateValue"], "2027-01-31");
    assert_eq!(body["data"]["loginParam_stringValue"], Value::Null);

    let (status, _) = suite
        .post("/api/loginparam/post_loginParam", &viewer, json!({"loginParam_name": "x"}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = suite
        .post("/api/loginparam/post_loginParam", &admin, json!({"loginParam_name": "  "}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["loginParam_name"], "Le nom du paramètre est obligatoire.");
    let (status, body) = suite
        .post(
            "/api/loginparam/post_loginParam",
            &admin,
            json!({"loginParam_name": "d", "loginParam_dateValue": "31/01/2027"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["loginParam_dateValue"], "La date doit être au format AAAA-MM-JJ.");
    let (status, body) = suite.get("/api/loginparam/get_loginParam/unknown_param", &viewer).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Paramètre « unknown_param » introuvable.");
}
