//! The OpenAPI document (3.1) of the server's routes, generated from the
//! types that read each request and write each answer: each module of
//! routes describes its own beside its router ([`ApiDoc`]), and
//! `GET /api/openapi.json` gives the whole. A refusal of any route is the
//! `default` answer, `{"error", "code"}`; every route asks for the token
//! (a bearer token, or the page's cookie).

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{Map, Value, json};

/// The routes described so far, and the schemas of their types: those
/// read (bodies, queries) as serde reads them, a field with a default or
/// an `Option` not required; those written as serde writes them.
pub(super) struct ApiDoc {
    read: SchemaGenerator,
    written: SchemaGenerator,
    paths: Map<String, Value>,
    links: Vec<Link>,
}

/// An answer whose value names the resource of other routes: its
/// `parameter` in every path under `under` is `value` (a runtime
/// expression, `$response.body#/id`) of `from`'s answer `status`.
struct Link {
    from: (&'static str, &'static str),
    status: &'static str,
    under: &'static str,
    parameter: &'static str,
    value: &'static str,
}

/// The JSON of a refusal.
#[derive(schemars::JsonSchema)]
#[schemars(rename = "Refusal", deny_unknown_fields)]
#[expect(
    dead_code,
    reason = "it describes ApiError's answer, and is never built"
)]
struct RefusalSchema {
    /// Why, in words.
    error: String,
    /// The stable code of the reason (`serve.token`, `move.game-over`...).
    code: String,
}

impl ApiDoc {
    /// A document with no route yet.
    pub(super) fn new() -> Self {
        let mut settings = SchemaSettings::draft2020_12();
        settings.definitions_path = "/components/schemas".into();
        Self {
            read: settings.clone().for_deserialize().into_generator(),
            written: settings.for_serialize().into_generator(),
            paths: Map::new(),
            links: Vec::new(),
        }
    }

    /// `GET path`, answered with `A` as JSON.
    pub(super) fn get<A: JsonSchema>(&mut self, path: &str, summary: &str) {
        let answer = self.answer::<A>(200);
        self.add("get", path, summary, None, &[], answer);
    }

    /// `GET path` with the query `Q`, answered with `A` as JSON.
    pub(super) fn get_with_query<Q: JsonSchema, A: JsonSchema>(
        &mut self,
        path: &str,
        summary: &str,
    ) {
        let query = self.read.root_schema_for::<Q>();
        let answer = self.answer::<A>(200);
        let required: Vec<&str> = (query.get("required").and_then(Value::as_array))
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let parameters: Vec<Value> = (query.get("properties").and_then(Value::as_object))
            .into_iter()
            .flatten()
            .map(|(name, schema)| {
                json!({
                    "name": name,
                    "in": "query",
                    "required": required.contains(&name.as_str()),
                    "schema": schema,
                })
            })
            .collect();
        self.add("get", path, summary, None, &parameters, answer);
    }

    /// `GET path`, answered with a text of `media` type (the page, its
    /// scripts, an event stream).
    pub(super) fn get_text(&mut self, path: &str, summary: &str, media: &str) {
        let content = json!({ media: { "schema": { "type": "string" } } });
        self.add("get", path, summary, None, &[], (200, content));
    }

    /// `POST path` with the JSON body `B`, answered with `A` as JSON and
    /// `status`.
    pub(super) fn post<B: JsonSchema, A: JsonSchema>(
        &mut self,
        path: &str,
        summary: &str,
        status: u16,
    ) {
        let body = self.read.subschema_for::<B>();
        let answer = self.answer::<A>(status);
        self.add("post", path, summary, Some(body), &[], answer);
    }

    /// `POST path` with no body, answered with `A` as JSON and `status`.
    pub(super) fn post_empty<A: JsonSchema>(&mut self, path: &str, summary: &str, status: u16) {
        let answer = self.answer::<A>(status);
        self.add("post", path, summary, None, &[], answer);
    }

    /// `POST path`, always refused (an action that does not exist).
    pub(super) fn post_refused(&mut self, path: &str, summary: &str) {
        let refusal = self.answer::<RefusalSchema>(404);
        self.add("post", path, summary, None, &[], refusal);
    }

    /// Says that the answer `status` of `method path` names, by `value`,
    /// the `parameter` of every route under `under`: what a client (or a
    /// fuzzer) takes from one answer to ask the next.
    pub(super) fn link(
        &mut self,
        (method, path): (&'static str, &'static str),
        status: &'static str,
        under: &'static str,
        (parameter, value): (&'static str, &'static str),
    ) {
        self.links.push(Link {
            from: (method, path),
            status,
            under,
            parameter,
            value,
        });
    }

    /// The answer `status` of `A` as JSON.
    fn answer<A: JsonSchema>(&mut self, status: u16) -> (u16, Value) {
        (status, json_content(self.written.subschema_for::<A>()))
    }

    /// Adds one operation, with its path's parameters and the refusal as
    /// its `default` answer.
    fn add(
        &mut self,
        method: &str,
        path: &str,
        summary: &str,
        body: Option<Schema>,
        query: &[Value],
        (status, content): (u16, Value),
    ) {
        let refusal = self.written.subschema_for::<RefusalSchema>();
        let mut parameters: Vec<Value> = (path.split('/'))
            .filter_map(|part| part.strip_prefix('{')?.strip_suffix('}'))
            .map(|name| {
                // The first of its kind: file 0, record 0, game or record
                // open 1.
                let example = if name == "id" { "1" } else { "0" };
                let schema = json!({ "type": "string" });
                json!({ "name": name, "in": "path", "required": true, "schema": schema, "example": example })
            })
            .collect();
        parameters.extend_from_slice(query);
        let mut operation = json!({
            "summary": summary,
            "responses": {
                status.to_string(): { "description": summary, "content": content },
                "default": {
                    "description": "A refusal: its status, its code and its reason.",
                    "content": json_content(refusal),
                },
            },
        });
        if !parameters.is_empty() {
            operation["parameters"] = parameters.into();
        }
        if let Some(body) = body {
            operation["requestBody"] = json!({ "required": true, "content": json_content(body) });
        }
        let item = self.paths.entry(path).or_insert_with(|| json!({}));
        item[method] = operation;
    }

    /// The whole document: each operation with its id (`post
    /// /api/games/{id}/moves` is `post_api_games_id_moves`), and the links.
    /// A type read and a type written must not share a name with two
    /// schemas, which the document could not tell apart: the debug build
    /// that the tests run checks it.
    pub(super) fn document(mut self) -> Value {
        let mut schemas = self.written.take_definitions(true);
        for (name, read) in self.read.take_definitions(true) {
            let written = schemas.insert(name.clone(), read.clone());
            debug_assert!(
                written.is_none_or(|w| w == read),
                "two schemas named {name}"
            );
        }
        let id = |method: &str, path: &str| {
            let words = path.split(|c: char| !c.is_ascii_alphanumeric());
            let words: Vec<&str> = words.filter(|w| !w.is_empty()).collect();
            format!("{method}_{}", words.join("_"))
        };
        let mut targets: Vec<(String, String)> = Vec::new();
        for (path, item) in &mut self.paths {
            for (method, operation) in item.as_object_mut().into_iter().flatten() {
                operation["operationId"] = id(method, path).into();
                targets.push((path.clone(), id(method, path)));
            }
        }
        for link in &self.links {
            let mut links = Map::new();
            let under = (targets.iter()).filter(|(path, _)| path.starts_with(link.under));
            for (_, operation) in under {
                let parameters = json!({ link.parameter: link.value });
                let target = json!({ "operationId": operation, "parameters": parameters });
                links.insert(operation.clone(), target);
            }
            let (method, path) = link.from;
            if let Some(answer) = self
                .paths
                .get_mut(path)
                .and_then(|item| item.get_mut(method))
                .and_then(|operation| operation["responses"].get_mut(link.status))
            {
                answer["links"] = links.into();
            }
        }
        json!({
            "openapi": "3.1.0",
            "info": {
                "title": "kifu serve",
                "version": env!("CARGO_PKG_VERSION"),
                "description": "The JSON API of kifu's board: its files, games, records open for annotation and the match watched. kifu.1 describes what each route does.",
            },
            "paths": self.paths,
            "components": {
                "schemas": schemas,
                "securitySchemes": {
                    "token": { "type": "http", "scheme": "bearer" },
                },
            },
            "security": [{ "token": [] }],
        })
    }
}

/// A JSON content of `schema`.
fn json_content(schema: Schema) -> Value {
    json!({ "application/json": { "schema": schema } })
}
