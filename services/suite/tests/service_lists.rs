//! Every list that names the services agrees with their descriptions (`suite::SERVICES`, each service's
//! `INFO`): the proto packages (`proto::SERVICES`), every value set of the chart (`helm/sesame/values.yaml`
//! and each file of `helm/sesame/ci/` over it: a component per service, its `dependsOn` equal to what it
//! calls, NATS when it publishes or follows events, the gateway depending on every service) and compose
//! (a container per service with the addresses of what it calls, the gateway with every address). A new
//! service forgotten in one of them fails here, naming the list.

use serde_yaml_ng::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn yaml(path: &str) -> Value {
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut value: Value = serde_yaml_ng::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    value.apply_merge().unwrap_or_else(|e| panic!("{path}: {e}"));
    value
}

/// Helm's merge of a value set over the defaults: maps merge key by key, anything else is replaced.
fn merge(base: &mut Value, over: &Value) {
    match (base, over) {
        (Value::Mapping(base), Value::Mapping(over)) => {
            for (key, value) in over {
                match base.get_mut(key) {
                    Some(existing) => merge(existing, value),
                    None => {
                        base.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        (base, over) => *base = over.clone(),
    }
}

fn names(value: &Value) -> BTreeSet<String> {
    value
        .as_sequence()
        .map(|list| list.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

fn set(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn all_services() -> BTreeSet<String> {
    suite::SERVICES.iter().map(|s| s.name.to_string()).collect()
}

#[test]
fn the_proto_packages_are_the_described_services() {
    assert_eq!(
        proto::SERVICES.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>(),
        all_services(),
        "proto::SERVICES (one proto package with a gRPC service each) and suite::SERVICES differ"
    );
    for service in suite::SERVICES {
        for other in service.calls.iter().chain(service.follows) {
            assert!(all_services().contains(*other), "{} names {other}, no service", service.name);
        }
    }
}

/// `values.yaml` alone, then each file of `helm/sesame/ci/` merged over it, as helm would use them.
fn chart_value_sets() -> Vec<(String, Value)> {
    let defaults = yaml("helm/sesame/values.yaml");
    let mut sets = vec![("values.yaml".to_string(), defaults.clone())];
    let ci = root().join("helm/sesame/ci");
    let mut files: Vec<_> = std::fs::read_dir(&ci).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let mut merged = defaults.clone();
        merge(&mut merged, &yaml(&format!("helm/sesame/ci/{name}")));
        sets.push((format!("ci/{name}"), merged));
    }
    assert!(sets.len() > 1, "no value set in helm/sesame/ci");
    sets
}

#[test]
fn every_chart_value_set_passes_the_charts_schema() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("helm/sesame/values.schema.json")).unwrap(),
    )
    .expect("values.schema.json is JSON");
    let validator =
        jsonschema::validator_for(&schema).expect("values.schema.json is a JSON Schema");
    for (set_name, values) in chart_value_sets() {
        let values = serde_json::to_value(&values).expect("the values read as JSON");
        let faults: Vec<String> =
            validator.iter_errors(&values).map(|e| format!("{}: {e}", e.instance_path())).collect();
        assert!(faults.is_empty(), "{set_name} breaks values.schema.json:\n{}", faults.join("\n"));
    }
    // The schema refuses what helm would refuse: a misspelt key of a closed object, a wrong type.
    let (_, mut broken) = chart_value_sets().remove(0);
    broken["metrics"]["prot"] = Value::from(9464);
    broken["metrics"]["port"] = Value::from("9464");
    let broken = serde_json::to_value(&broken).unwrap();
    assert_eq!(validator.iter_errors(&broken).count(), 2, "the schema lets a broken value set by");
}

#[test]
fn every_chart_value_set_deploys_every_service_as_described() {
    for (set_name, values) in chart_value_sets() {
        let components = &values["components"];
        let deployed: BTreeSet<String> = components
            .as_mapping()
            .unwrap()
            .keys()
            .filter_map(|k| k.as_str().map(str::to_string))
            .collect();
        let mut expected = all_services();
        expected.insert("gateway".into());
        assert_eq!(
            deployed, expected,
            "{set_name}: the components are not the services and the gateway"
        );
        for service in suite::SERVICES {
            let c = &components[service.name];
            let at = format!("{set_name}: components.{}", service.name);
            assert_eq!(c["enabled"], Value::Bool(true), "{at}.enabled");
            assert_eq!(c["protocol"].as_str(), Some("grpc"), "{at}.protocol");
            assert_eq!(
                names(&c["command"]),
                set(&[&format!("/app/bin/{}", service.name)]),
                "{at}.command"
            );
            assert_eq!(c["migrate"], Value::Bool(true), "{at}.migrate");
            let uses_nats = service.publishes_events || !service.follows.is_empty();
            assert_eq!(c["nats"].as_bool().unwrap_or(false), uses_nats, "{at}.nats");
            assert_eq!(names(&c["dependsOn"]), set(service.calls), "{at}.dependsOn: what it calls");
        }
        assert_eq!(
            names(&components["gateway"]["dependsOn"]),
            all_services(),
            "{set_name}: components.gateway.dependsOn names every service (its addresses and the \
             network policies that let it in come from there)"
        );
    }
}

#[test]
fn compose_runs_every_service_as_described() {
    let compose = yaml("deploy/compose.yaml");
    let containers = &compose["services"];
    let env = |container: &str| -> BTreeSet<String> {
        containers[container]["environment"]
            .as_mapping()
            .unwrap_or_else(|| panic!("compose: {container} has no environment"))
            .keys()
            .filter_map(|k| k.as_str().map(str::to_string))
            .filter(|k| k.ends_with("_GRPC_URL"))
            .collect()
    };
    let urls = |names: &mut dyn Iterator<Item = &str>| -> BTreeSet<String> {
        names.map(|n| format!("{}_GRPC_URL", n.to_uppercase())).collect()
    };
    for service in suite::SERVICES {
        let c = &containers[service.name];
        assert_eq!(
            names(&c["command"]),
            set(&[&format!("/app/bin/{}", service.name)]),
            "compose: services.{}.command",
            service.name
        );
        assert_eq!(
            env(service.name),
            urls(&mut service.calls.iter().copied()),
            "compose: services.{}: the <NAME>_GRPC_URL of what it calls",
            service.name
        );
    }
    let every = all_services();
    assert_eq!(env("gateway"), urls(&mut every.iter().map(String::as_str)), "compose: gateway");
    let started_first: BTreeSet<String> = containers["gateway"]["depends_on"]
        .as_mapping()
        .unwrap()
        .keys()
        .filter_map(|k| k.as_str().map(str::to_string))
        .filter(|k| every.contains(k))
        .collect();
    assert_eq!(started_first, every, "compose: the gateway's depends_on names every service");
}
