//! Entry point: parses the command line, runs a subcommand or opens the
//! editor.

use clap::Parser;
use std::io::Write;
use vedette::cli::{self, Cli};

fn main() {
    let args = Cli::parse();
    match &args.command {
        Some(command) => {
            let out = cli::run(command);
            // Output to a closed pipe (`| head`) is not worth a panic.
            let _ = std::io::stdout().write_all(out.stdout.as_bytes());
            let _ = std::io::stderr().write_all(out.stderr.as_bytes());
            std::process::exit(out.code);
        }
        None => {
            if let Err(out) = cli::check_window_args(&args, cli::display_from_env().as_deref()) {
                let _ = std::io::stderr().write_all(out.stderr.as_bytes());
                std::process::exit(out.code);
            }
            if let Err(e) = vedette::app::run(
                args.file,
                args.balance,
                args.game,
                args.armies,
                (args.pickup, args.pickup_log),
            ) {
                eprintln!("vedette: {e}");
                std::process::exit(1);
            }
        }
    }
}
