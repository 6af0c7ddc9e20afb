//! The guard of `kifu serve` on every route its router has, read from the
//! source so that a route added later cannot escape it: each is refused
//! without the token (401), with a foreign `Host` (421) and with a
//! foreign `Origin` (403), in that order, every refusal with the
//! hardening headers; and the guard's finer points a hostile audit's
//! mutants showed untested (issue 52).

use crate::support::serve as serve_support;

use serde_json::json;
use serve_support::{Server, ended, scratch, serve};
use std::path::Path;

/// The methods a route may name.
const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// Every `(METHOD, PATH)` the router serves, read from `src/serve/`:
/// each `.route("PATH", ...)` with every method its handlers name.
fn routes() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = (std::fs::read_dir(dir).into_iter().flatten().flatten())
            .map(|entry| entry.path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for line in text.lines() {
                // The page's assets, each a GET route of the table of
                // `src/serve/page.rs` (`path: "/board.js"`).
                if path.ends_with("page.rs") {
                    let asset = line.trim().strip_prefix("path: \"");
                    if let Some((route, _)) = asset.and_then(|rest| rest.split_once('"')) {
                        out.push(("GET".to_owned(), route.to_owned()));
                    }
                }
                let Some((_, after)) = line.split_once(".route(\"") else {
                    continue;
                };
                let Some((route, handlers)) = after.split_once('"') else {
                    continue;
                };
                for method in METHODS {
                    let named = handlers
                        .match_indices(&format!("{method}("))
                        .any(|(at, _)| {
                            at == 0 || !handlers.as_bytes()[at - 1].is_ascii_alphanumeric()
                        });
                    if named {
                        out.push((method.to_uppercase(), route.to_owned()));
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/serve"),
        &mut out,
    );
    out
}

/// A path of `route` with its parameters filled in.
fn concrete(route: &str) -> String {
    route
        .replace("{index}", "0")
        .replace("{record}", "0")
        .replace("{id}", "1")
        .replace("{action}", "unknown")
}

/// Sends `METHOD PATH` with `Host: host` and `headers`, an empty JSON body
/// for a POST; the answer's head and body.
fn send(
    server: &Server,
    method: &str,
    path: &str,
    host: &str,
    headers: &[String],
) -> (String, serde_json::Value) {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {host}");
    for header in headers {
        head.push_str("\r\n");
        head.push_str(header);
    }
    let body = if method == "GET" { "" } else { "{}" };
    if !body.is_empty() {
        head.push_str(&format!(
            "\r\nContent-Type: application/json\r\nContent-Length: {}",
            body.len()
        ));
    }
    let (head, answer) = server.exchange(&head, body);
    let json = serde_json::from_str(&answer.body).unwrap_or(serde_json::Value::Null);
    (head, json)
}

/// The value of header `name` in an answer's head.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    (head.lines().skip(1))
        .filter_map(|line| line.split_once(':'))
        .find(|(key, _)| key.trim().eq_ignore_ascii_case(name))
        .map(|(_, value)| value.trim())
}

/// The headers every answer carries, refusals too.
const HARDENING: [(&str, &str); 5] = [
    ("cache-control", "no-store"),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
    (
        "content-security-policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
    ),
];

fn hardened(head: &str, what: &str) {
    for (name, value) in HARDENING {
        assert_eq!(header(head, name), Some(value), "{what}: {name}\n{head}");
    }
}

#[test]
fn every_route_is_refused_without_the_token_from_a_foreign_host_and_origin() {
    let dir = scratch("guard-routes");
    let server = serve(&dir, &["a.kifu"]);
    let routes = routes();
    assert!(routes.len() > 25, "{routes:?}");
    assert!(routes.contains(&("POST".to_owned(), "/api/annotations/{id}/save".to_owned())));
    let own = server.host();
    let auth = format!("Authorization: {}", server.bearer());
    let foreign_origin = "Origin: http://evil.example".to_owned();
    let port = server.port;
    for (method, route) in &routes {
        let path = concrete(route);
        let what = format!("{method} {path}");
        let (head, json) = send(&server, method, &path, &own, &[]);
        assert_eq!(json["code"], "serve.token", "{what}\n{head}");
        assert!(head.starts_with("HTTP/1.1 401 "), "{what}\n{head}");
        hardened(&head, &what);
        let (head, json) = send(
            &server,
            method,
            &path,
            "evil.example",
            std::slice::from_ref(&auth),
        );
        assert_eq!(json["code"], "serve.host", "{what}\n{head}");
        assert!(head.starts_with("HTTP/1.1 421 "), "{what}\n{head}");
        hardened(&head, &what);
        let with_origin = [auth.clone(), foreign_origin.clone()];
        let (head, json) = send(&server, method, &path, &own, &with_origin);
        assert_eq!(json["code"], "serve.origin", "{what}\n{head}");
        assert!(head.starts_with("HTTP/1.1 403 "), "{what}\n{head}");
        // Another web page on this machine is foreign too: same host,
        // another port.
        let local_page = [
            auth.clone(),
            format!("Origin: http://127.0.0.1:{}", port ^ 1),
        ];
        let (_, json) = send(&server, method, &path, &own, &local_page);
        assert_eq!(json["code"], "serve.origin", "{what}");
        // The checks come in their order: Host, then Origin, then token.
        let all_wrong = [foreign_origin.clone()];
        let (_, json) = send(&server, method, &path, "evil.example", &all_wrong);
        assert_eq!(json["code"], "serve.host", "{what}");
        let (_, json) = send(&server, method, &path, &own, &all_wrong);
        assert_eq!(json["code"], "serve.origin", "{what}");
    }
}

/// Two `Host` or two `Origin` headers are refused, whichever comes first,
/// even when one of them is the server's own (RFC 9112 asks 400 of two
/// `Host`s).
#[test]
fn two_host_or_origin_headers_are_a_bad_request() {
    let dir = scratch("guard-two");
    let server = serve(&dir, &[]);
    let auth = format!("Authorization: {}", server.bearer());
    let host = server.host();
    let own_origin = format!("Origin: http://{host}");
    for (extra, name) in [
        (format!("Host: {host}\r\nHost: evil.example"), "host"),
        (format!("Host: evil.example\r\nHost: {host}"), "host"),
        (format!("Host: {host}\r\nHost: {host}"), "host"),
        (
            format!("Host: {host}\r\n{own_origin}\r\nOrigin: http://evil.example"),
            "origin",
        ),
        (
            format!("Host: {host}\r\n{own_origin}\r\n{own_origin}"),
            "origin",
        ),
    ] {
        let head = format!("GET /api/files HTTP/1.1\r\n{extra}\r\n{auth}");
        let (_, answer) = server.exchange(&head, "");
        let json: serde_json::Value = serde_json::from_str(&answer.body).unwrap_or_default();
        assert_eq!(
            (answer.status, json["code"].as_str(), json["error"].as_str()),
            (
                400,
                Some("serve.two-headers"),
                Some(format!("two {name} headers: a request names one").as_str())
            ),
            "{extra}"
        );
    }
    let head = format!("GET /api/files HTTP/1.1\r\nHost: {host}\r\n{own_origin}\r\n{auth}");
    assert_eq!(server.raw(&head, "").status, 200);
}

#[test]
fn an_absolute_uri_naming_another_host_is_misdirected() {
    let dir = scratch("guard-absolute");
    let server = serve(&dir, &[]);
    let auth = format!("Authorization: {}", server.bearer());
    let host = server.host();
    let head = format!("GET http://evil.example/api/files HTTP/1.1\r\nHost: {host}\r\n{auth}");
    let (_, answer) = server.exchange(&head, "");
    assert_eq!(answer.status, 421, "{}", answer.body);
    let head = format!("GET http://{host}/api/files HTTP/1.1\r\nHost: {host}\r\n{auth}");
    assert_eq!(server.raw(&head, "").status, 200);
}

#[test]
fn the_token_in_the_address_opens_the_page_alone_and_only_by_get() {
    let dir = scratch("guard-query");
    let server = serve(&dir, &[]);
    let token = &server.token;
    let post = server.ask("POST", &format!("/?token={token}"), &[], Some(&json!({})));
    assert_eq!(post.status, 401, "{}", post.body);
    let game = json!({"game": "mana"});
    let post = server.ask(
        "POST",
        &format!("/api/games?token={token}"),
        &[],
        Some(&game),
    );
    assert_eq!(post.status, 401, "{}", post.body);
    let (head, page) = server.exchange(
        &format!("GET /?token={token} HTTP/1.1\r\nHost: {}", server.host()),
        "",
    );
    assert_eq!(page.status, 200);
    hardened(&head, "the page");
    let cookie = header(&head, "set-cookie").unwrap_or_default();
    assert_eq!(
        cookie,
        format!(
            "kifu-{}={token}; HttpOnly; SameSite=Strict; Path=/",
            server.port
        )
    );
}

#[test]
fn serving_every_address_is_refused() {
    for address in ["0.0.0.0", "::"] {
        let (out, said, status) = ended(Path::new("."), &["serve", "--listen", address]);
        assert_eq!(status, Some(2), "{address}");
        assert_eq!(
            said,
            format!(
                "kifu: --listen {address}: give the one address to serve on (requests must name it in their Host)\n"
            )
        );
        assert_eq!(out, "");
    }
}

/// An address of this machine beyond loopback: the one it would send
/// from to a documentation address (a UDP socket sends nothing to learn
/// it).
fn outward_address() -> std::net::IpAddr {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").unwrap_or_else(|e| panic!("{e}"));
    socket
        .connect("192.0.2.1:9")
        .unwrap_or_else(|e| panic!("this machine has no route beyond loopback: {e}"));
    socket
        .local_addr()
        .map(|a| a.ip())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// What `kifu serve ARGS` says on standard error before its address,
/// and the address; the server is stopped.
fn started(args: &[&str]) -> (String, String) {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("serve")
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut url = String::new();
    if let Some(out) = child.stdout.take() {
        BufReader::new(out)
            .read_line(&mut url)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let _ = child.kill();
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    (String::from_utf8_lossy(&output.stderr).into_owned(), url)
}

#[test]
fn serving_beyond_loopback_is_warned_of_and_loopback_is_not() {
    // Either way, standard error says what to do with the address.
    let (said, url) = started(&["--listen", "127.0.0.1"]);
    let open = "kifu: open this address in a browser; Ctrl-C stops the server:\n";
    assert_eq!(said, open);
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let outward = outward_address();
    assert!(!outward.is_loopback(), "{outward}");
    let (said, url) = started(&["--listen", &outward.to_string()]);
    assert_eq!(
        said,
        format!(
            "kifu: warning: listening on {outward}, not on loopback: whoever reaches it there with the token can play and write the files named\n{open}"
        )
    );
    assert!(url.starts_with(&format!("http://{outward}:")), "{url}");
}

#[test]
fn the_api_document_describes_every_route_and_no_other() {
    let dir = scratch("guard-openapi");
    let server = serve(&dir, &[]);
    let document = server.get("/api/openapi.json").json();
    assert_eq!(document["openapi"], "3.1.0");
    let mut described: Vec<(String, String)> =
        (document["paths"].as_object().into_iter().flatten())
            .flat_map(|(path, item)| {
                (item.as_object().into_iter().flatten())
                    .map(|(method, _)| (method.to_uppercase(), path.clone()))
                    .collect::<Vec<_>>()
            })
            .collect();
    let mut served = routes();
    described.sort();
    served.sort();
    assert_eq!(described, served);
    // Each answer names its schema, and every schema named is defined.
    let schemas = document["components"]["schemas"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    let text = document.to_string();
    for reference in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
        let name = reference.split('"').next().unwrap_or_default();
        assert!(schemas.contains_key(name), "{name} is not defined");
    }
    let created = &document["paths"]["/api/games"]["post"]["responses"]["201"];
    assert_eq!(
        created["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/StateJson"
    );
    assert_eq!(
        created["links"]["post_api_games_id_moves"]["parameters"]["id"],
        "$response.body#/id"
    );
}
