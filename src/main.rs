fn main() {
    std::process::exit(doku::cli::main());
}
