//! `pdnkit lsp`: a language server over standard input and output (JSON-RPC with
//! Content-Length framing, rust-analyzer's `lsp-server`): diagnostics as `validate` finds
//! them, the board before a move on hover, formatting as `fmt`, a symbol and a folding range
//! per game. Documents are synchronised whole; after an edit only the games whose text
//! changed are checked again ([`document`]).

mod document;
mod features;

use crate::cli::run::exit::EXIT_OK;
use crate::cli::run::output::refused;
use document::{Document, Setup};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{self as note, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{self as lsp, Uri};
use std::collections::HashMap;
use std::io;

/// Serve PDN documents to an editor over standard input and output (the Language Server
/// Protocol).
///
/// Diagnostics of `.pdn` documents as they are opened and edited (the findings of
/// `validate`, with the levels of the pdnkit.toml found from each document's directory up),
/// hover on a move (the board before it and the legal moves there), formatting (the
/// canonical PDN `fmt` writes), one document symbol and one folding range per game.
#[derive(clap::Args)]
#[command(
    after_help = "docs/editors.md sets it up in Neovim, Helix and VS Code.\n\n\
    Exit codes: 0 after the client's shutdown and exit, 1 when the client went away without \
    them, 2 a broken protocol stream."
)]
pub struct LspArgs {}

pub fn run(_args: LspArgs) -> io::Result<u8> {
    let (connection, io_threads) = Connection::stdio();
    let code = match serve(&connection) {
        Ok(code) => code,
        Err(why) => return refused(&format!("lsp: {why}")),
    };
    drop(connection);
    io_threads.join()?;
    Ok(code)
}

/// The exit code when the client exits without shutting the server down first (or goes
/// away): 1, as the protocol's `exit` notification says.
const EXIT_WITHOUT_SHUTDOWN: u8 = 1;

/// What the server can do, as the `initialize` response says.
fn capabilities() -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(
            lsp::TextDocumentSyncKind::FULL,
        )),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        document_formatting_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        folding_range_provider: Some(lsp::FoldingRangeProviderCapability::Simple(true)),
        ..lsp::ServerCapabilities::default()
    }
}

/// An open document and how it is read.
struct Open {
    setup: Setup,
    doc: Document,
}

type Failure = Box<dyn std::error::Error + Send + Sync>;

/// Answers the client until it exits: the exit code.
fn serve(connection: &Connection) -> Result<u8, Failure> {
    let initialize = lsp::InitializeResult {
        capabilities: capabilities(),
        server_info: Some(lsp::ServerInfo {
            name: "pdnkit".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        }),
    };
    let (id, _params) = connection.initialize_start()?;
    connection.initialize_finish(id, serde_json::to_value(initialize)?)?;
    let mut server = Server {
        connection,
        open: Documents::default(),
    };
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request)? {
                    return Ok(EXIT_OK);
                }
                server.request(request)?;
            }
            Message::Notification(n) if n.method == note::Exit::METHOD => {
                return Ok(EXIT_WITHOUT_SHUTDOWN);
            }
            Message::Notification(n) => server.notification(n)?,
            Message::Response(_) => {}
        }
    }
    Ok(EXIT_WITHOUT_SHUTDOWN) // the input ended
}

struct Server<'c> {
    connection: &'c Connection,
    open: Documents,
}

/// The open documents, by URI.
#[derive(Default)]
struct Documents(HashMap<String, Open>);

impl Documents {
    fn get(&self, uri: &Uri) -> Option<&Open> {
        self.0.get(uri.as_str())
    }
}

impl Server<'_> {
    fn send(&self, message: impl Into<Message>) -> Result<(), Failure> {
        self.connection.sender.send(message.into())?;
        Ok(())
    }

    fn notify<N: lsp::notification::Notification>(&self, params: N::Params) -> Result<(), Failure> {
        self.send(Notification::new(N::METHOD.to_string(), params))
    }

    fn log(&self, typ: lsp::MessageType, message: String) -> Result<(), Failure> {
        self.notify::<note::LogMessage>(lsp::LogMessageParams { typ, message })
    }

    fn notification(&mut self, n: Notification) -> Result<(), Failure> {
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                let params: lsp::DidOpenTextDocumentParams =
                    n.extract(note::DidOpenTextDocument::METHOD)?;
                let item = params.text_document;
                let (setup, problem) = Setup::of(&item.uri);
                if let Some(why) = problem {
                    self.notify::<note::ShowMessage>(lsp::ShowMessageParams {
                        typ: lsp::MessageType::ERROR,
                        message: format!("pdnkit: {why}; reading without it"),
                    })?;
                }
                let doc = Document::new(item.text, &setup);
                self.open
                    .0
                    .insert(item.uri.as_str().to_string(), Open { setup, doc });
                self.publish(&item.uri, Some(item.version))?;
            }
            note::DidChangeTextDocument::METHOD => {
                let params: lsp::DidChangeTextDocumentParams =
                    n.extract(note::DidChangeTextDocument::METHOD)?;
                let uri = params.text_document.uri;
                // Full synchronisation: the last change holds the whole text.
                let (Some(open), Some(change)) = (
                    self.open.0.get_mut(uri.as_str()),
                    params.content_changes.into_iter().last(),
                ) else {
                    return Ok(());
                };
                open.doc.change(change.text, &open.setup);
                self.publish(&uri, Some(params.text_document.version))?;
            }
            note::DidCloseTextDocument::METHOD => {
                let params: lsp::DidCloseTextDocumentParams =
                    n.extract(note::DidCloseTextDocument::METHOD)?;
                let uri = params.text_document.uri;
                self.open.0.remove(uri.as_str());
                self.notify::<note::PublishDiagnostics>(lsp::PublishDiagnosticsParams {
                    uri,
                    diagnostics: Vec::new(),
                    version: None,
                })?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Sends the diagnostics of the document at `uri`, and logs which games were checked.
    fn publish(&self, uri: &Uri, version: Option<i32>) -> Result<(), Failure> {
        let Some(open) = self.open.get(uri) else {
            return Ok(());
        };
        self.log(lsp::MessageType::LOG, features::checked_note(&open.doc))?;
        self.notify::<note::PublishDiagnostics>(lsp::PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics: features::diagnostics(&open.doc),
            version,
        })
    }

    fn request(&mut self, request: Request) -> Result<(), Failure> {
        match request.method.as_str() {
            req::HoverRequest::METHOD => self.answer::<req::HoverRequest>(request, |open, p| {
                let at = p.text_document_position_params;
                open.get(&at.text_document.uri)
                    .and_then(|o| features::hover(&o.doc, &o.setup, at.position))
            }),
            req::Formatting::METHOD => self.answer::<req::Formatting>(request, |open, p| {
                open.get(&p.text_document.uri)
                    .and_then(|o| features::formatting(&o.doc, &o.setup))
            }),
            req::DocumentSymbolRequest::METHOD => {
                self.answer::<req::DocumentSymbolRequest>(request, |open, p| {
                    let symbols = open
                        .get(&p.text_document.uri)
                        .map(|o| features::symbols(&o.doc));
                    symbols.map(lsp::DocumentSymbolResponse::Nested)
                })
            }
            req::FoldingRangeRequest::METHOD => {
                self.answer::<req::FoldingRangeRequest>(request, |open, p| {
                    open.get(&p.text_document.uri)
                        .map(|o| features::folding(&o.doc))
                })
            }
            method => {
                let message = format!("pdnkit lsp does not answer {method}");
                let code = ErrorCode::MethodNotFound as i32;
                self.send(Response::new_err(request.id, code, message))
            }
        }
    }

    /// Answers `request` of type `R` with what `answer` makes of its parameters (given the
    /// open documents by URI); parameters that do not fit `R` are refused.
    fn answer<R: lsp::request::Request>(
        &self,
        request: Request,
        answer: impl FnOnce(&Documents, R::Params) -> R::Result,
    ) -> Result<(), Failure> {
        let id = request.id.clone();
        let response = match request.extract::<R::Params>(R::METHOD) {
            Ok((_, params)) => Response::new_ok(id, answer(&self.open, params)),
            Err(e) => {
                let code = ErrorCode::InvalidParams as i32;
                Response::new_err(id, code, e.to_string())
            }
        };
        self.send(response)
    }
}
