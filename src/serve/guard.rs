//! The checks every request passes, in order: its `Host`, its `Origin`,
//! its token (see the module doc of [`super`]); and the headers every
//! answer carries.

use super::error::ApiError;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use std::net::SocketAddr;

/// The bytes of randomness in a token: 128 bits.
const TOKEN_BYTES: usize = 16;

/// A token drawn from the operating system's randomness, in hex.
///
/// # Errors
/// The operating system gave no random bytes.
pub(super) fn draw_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `a` and `b` are equal, in a time that does not depend on where
/// they differ: a token cannot be guessed byte by byte from the time a
/// refusal takes.
fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let differ = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(differ) == 0
}

/// What a request must show to be answered.
#[derive(Debug)]
pub(super) struct Guard {
    token: String,
    /// The `Host` values of the server: `127.0.0.1:PORT`,
    /// `localhost:PORT`, `[::1]:PORT`, and the address it listens on.
    hosts: Vec<String>,
    /// The name of the cookie: one per port, as two servers on one
    /// machine share the cookies of `127.0.0.1`.
    cookie: String,
}

/// What the guard lets through: a request, and whether its answer sets
/// the token's cookie (the page loaded from the printed address).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Admitted {
    /// The request carried the cookie or the bearer token.
    Carried,
    /// `GET /?token=T`: the answer sets the cookie.
    SetCookie,
}

impl Guard {
    /// The guard of a server listening on `address` with `token`.
    pub(super) fn new(token: String, address: SocketAddr) -> Self {
        let port = address.port();
        let mut hosts = vec![
            format!("127.0.0.1:{port}"),
            format!("localhost:{port}"),
            format!("[::1]:{port}"),
        ];
        let own = address.to_string();
        if !hosts.contains(&own) {
            hosts.push(own);
        }
        Self {
            token,
            hosts,
            cookie: format!("kifu-{port}"),
        }
    }

    /// Checks a request's `Host`, `Origin` and token, in that order.
    ///
    /// # Errors
    /// 400 for two `Host` or two `Origin` headers (RFC 9112 asks 400 of
    /// two `Host`s: which one the request means cannot be told), 421 for a
    /// foreign or missing `Host`, 403 for a foreign `Origin`, 401 for a
    /// missing or wrong token.
    pub(super) fn admit(
        &self,
        method: &Method,
        uri: &Uri,
        headers: &HeaderMap,
    ) -> Result<Admitted, ApiError> {
        for name in [header::HOST, header::ORIGIN] {
            if headers.get_all(&name).iter().count() > 1 {
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "serve.two-headers",
                    format!("two {name} headers: a request names one"),
                ));
            }
        }
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        let authority = uri.authority().map(|a| a.as_str());
        let own = |name: &str| self.hosts.iter().any(|h| h.eq_ignore_ascii_case(name));
        let host_is_own = host.is_some_and(own) && authority.is_none_or(own);
        if !host_is_own {
            return Err(ApiError::new(
                StatusCode::MISDIRECTED_REQUEST,
                "serve.host",
                format!(
                    "a foreign Host: this server answers only as {}",
                    self.hosts.join(", ")
                ),
            ));
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or_default();
            let from_here = origin.strip_prefix("http://").is_some_and(own);
            if !from_here {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "serve.origin",
                    "a foreign Origin: only this server's own page may ask it".to_owned(),
                ));
            }
        }
        let token = self.token.as_bytes();
        let bearer = (headers.get_all(header::AUTHORIZATION).iter())
            .filter_map(|value| value.to_str().ok())
            .filter_map(|value| value.strip_prefix("Bearer "))
            .any(|given| same(given.trim().as_bytes(), token));
        let cookie = (headers.get_all(header::COOKIE).iter())
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(';'))
            .filter_map(|pair| pair.trim().split_once('='))
            .any(|(name, value)| name == self.cookie && same(value.as_bytes(), token));
        if bearer || cookie {
            return Ok(Admitted::Carried);
        }
        let in_query = (uri.query().unwrap_or_default().split('&'))
            .filter_map(|pair| pair.strip_prefix("token="))
            .any(|given| same(given.as_bytes(), token));
        if method == Method::GET && uri.path() == "/" && in_query {
            return Ok(Admitted::SetCookie);
        }
        Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "serve.token",
            "no token, or a wrong one: open the address `kifu serve` printed".to_owned(),
        ))
    }

    /// The `Set-Cookie` value that keeps the token for the page's later
    /// requests: never readable by scripts, never sent by another site.
    pub(super) fn cookie(&self) -> String {
        format!(
            "{}={}; HttpOnly; SameSite=Strict; Path=/",
            self.cookie, self.token
        )
    }
}

/// The headers every answer carries: nothing is cached, sniffed, framed
/// or sent on as a referrer, and the page runs only its own script.
pub(super) fn harden(headers: &mut HeaderMap) {
    let fixed = [
        (header::CACHE_CONTROL, "no-store"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
        ),
    ];
    for (name, value) in fixed {
        headers.insert(name, HeaderValue::from_static(value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard() -> Guard {
        Guard::new("ab12".to_owned(), SocketAddr::from(([127, 0, 0, 1], 8080)))
    }

    fn ask(uri: &str, headers: &[(&'static str, &str)]) -> Result<Admitted, StatusCode> {
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            let value = HeaderValue::from_str(value).unwrap_or_else(|e| panic!("{e}"));
            map.append(*name, value);
        }
        let uri: Uri = uri.parse().unwrap_or_else(|e| panic!("{e}"));
        guard()
            .admit(&Method::GET, &uri, &map)
            .map_err(|e| e.status)
    }

    #[test]
    fn tokens_are_compared_whole() {
        assert!(same(b"ab12", b"ab12"));
        assert!(!same(b"ab12", b"ab13"));
        assert!(!same(b"ab12", b"ab1"));
        // Two bytes swapped differ by the same bits twice: still unequal.
        assert!(!same(b"ab12", b"ba12"));
        let token = draw_token().unwrap_or_default();
        assert_eq!(token.len(), 32);
        assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    }

    #[test]
    fn each_check_refuses_with_its_status() {
        let host = ("host", "127.0.0.1:8080");
        assert_eq!(ask("/?token=ab12", &[host]), Ok(Admitted::SetCookie));
        assert_eq!(ask("/?x=1&token=ab12", &[host]), Ok(Admitted::SetCookie));
        assert_eq!(
            ask("/api/files?token=ab12", &[host]),
            Err(StatusCode::UNAUTHORIZED)
        );
        assert_eq!(ask("/", &[host]), Err(StatusCode::UNAUTHORIZED));
        let cookie = ("cookie", "a=b; kifu-8080=ab12");
        assert_eq!(ask("/api/files", &[host, cookie]), Ok(Admitted::Carried));
        let other_port = ("cookie", "kifu-8081=ab12");
        assert_eq!(
            ask("/api/files", &[host, other_port]),
            Err(StatusCode::UNAUTHORIZED)
        );
        let bearer = ("authorization", "Bearer ab12");
        assert_eq!(ask("/api/files", &[host, bearer]), Ok(Admitted::Carried));
        let misdirected = Err(StatusCode::MISDIRECTED_REQUEST);
        assert_eq!(
            ask("/", &[("host", "evil.example:8080"), bearer]),
            misdirected
        );
        assert_eq!(ask("/", &[("host", "localhost:8081"), bearer]), misdirected);
        assert_eq!(ask("/", &[bearer]), misdirected);
        assert_eq!(
            ask("/", &[("host", "LOCALHOST:8080"), bearer]),
            Ok(Admitted::Carried)
        );
        let foreign = ("origin", "http://evil.example");
        assert_eq!(
            ask("/", &[host, bearer, foreign]),
            Err(StatusCode::FORBIDDEN)
        );
        let https = ("origin", "https://127.0.0.1:8080");
        assert_eq!(ask("/", &[host, bearer, https]), Err(StatusCode::FORBIDDEN));
        let own = ("origin", "http://[::1]:8080");
        assert_eq!(ask("/", &[host, bearer, own]), Ok(Admitted::Carried));
    }
}
