//! Entry point: parses the command line, runs a subcommand or opens the
//! editor.

use clap::FromArgMatches;
use std::io::Write;
use vedette::cli::{self, Cli};

fn main() {
    let raw: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(out) = cli::misspelt_subcommand(&raw) {
        let _ = std::io::stderr().write_all(cli::terminal_safe(&out.stderr).as_bytes());
        std::process::exit(out.code);
    }
    let args = match Cli::from_arg_matches(&cli::command().get_matches()) {
        Ok(a) => a,
        Err(e) => e.exit(),
    };
    match &args.command {
        Some(command) => {
            let out = cli::run(command);
            // Output to a closed pipe (`| head`) is not worth a panic.
            let _ = std::io::stdout().write_all(cli::terminal_safe(&out.stdout).as_bytes());
            let _ = std::io::stderr().write_all(cli::terminal_safe(&out.stderr).as_bytes());
            std::process::exit(out.code);
        }
        None => {
            if let Err(out) = cli::check_window_args(&args, cli::display_from_env().as_deref()) {
                let _ = std::io::stderr().write_all(cli::terminal_safe(&out.stderr).as_bytes());
                std::process::exit(out.code);
            }
            if args.check_open {
                match vedette::app::check_open(args.files.first().cloned(), args.game) {
                    Ok(what) => println!("{what}"),
                    Err(why) => {
                        eprintln!("vedette: {why}");
                        std::process::exit(1);
                    }
                }
                return;
            }
            if let Err(e) = vedette::app::run(
                args.files,
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
