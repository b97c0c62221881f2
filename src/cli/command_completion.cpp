// gpucost completion bash|zsh|fish: a completion script generated from the real CLI11 option tree, so it never goes
// stale; the three shells' scripts come from one walk of that tree.
#include <ostream>
#include <sstream>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "command_docs.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::cli {
namespace {

// The flags whose values the scripts complete, and the `gpucost __complete KIND` that lists them: the one table
// every shell's script is written from.
struct ValueFlag {
    const char* flag;
    const char* kind;
};
constexpr ValueFlag k_value_flags[] = {
    {"--build", "builds"},   {"--cloud", "offers"}, {"--workload", "workloads"},
    {"--format", "formats"}, {"--chart", "charts"}, {"--to", "rate-targets"},
};
constexpr const char* k_value_kinds = "builds, offers, workloads, gpus, formats, charts or rate-targets";

// A name for a completion line: one line, no tab (the line's separator).
std::string completion_text(std::string text) {
    for (char& c : text)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return text;
}

// "VALUE<tab>DESCRIPTION" lines for one kind, the catalogue's ids with their names.
std::string completion_values(const std::string& kind, const Catalog& catalog) {
    std::string out;
    const auto line = [&out](const std::string& value, const std::string& description) {
        out += completion_text(value) + "\t" + completion_text(description) + "\n";
    };
    if (kind == "builds")
        for (const Build& b : catalog.builds) line(b.id, b.name);
    else if (kind == "offers")
        for (const CloudOffer& o : catalog.cloud)
            line(o.id, fmt::format("{} {} in {}, {} GPU(s)", o.provider, o.instance, o.region, o.gpu_count));
    else if (kind == "workloads")
        for (const Workload& w : catalog.workloads) line(w.id, w.name);
    else if (kind == "gpus")
        for (const Gpu& g : catalog.gpus) line(g.id, g.name);
    else if (kind == "formats")
        for (const FormatName& f : k_formats) line(f.name, "output format");
    else if (kind == "charts") {
        for (const std::string& name : chart_names()) line(name, "compare or cashflow chart");
        // The charts of the commands that draw one each (their --chart NAME): sensitivity, sweep, simulate, rank.
        for (const char* name : {"tornado", "sweep", "histogram", "rank"}) line(name, "that command's chart");
    } else if (kind == "rate-targets") {
        line("opencost", "OpenCost custom pricing JSON");
        line("skypilot", "SkyPilot Kubernetes pricing YAML");
    } else {
        throw UsageError(fmt::format("__complete: unknown kind {}; give {}", quote_value(kind), k_value_kinds));
    }
    return out;
}

// bash: the arms of `case "$prev"` that complete a flag's value from `gpucost __complete KIND`.
std::string bash_value_arms() {
    std::string out;
    for (const ValueFlag& v : k_value_flags)
        out += fmt::format("        {}) COMPREPLY=($(compgen -W \"$(gpucost __complete {} 2>/dev/null | cut -f1)\" -- "
                           "\"$cur\")); return ;;\n",
                           v.flag, v.kind);
    return out;
}

std::string zsh_value_arms() {
    std::string out;
    for (const ValueFlag& v : k_value_flags)
        out += fmt::format("        {}) _gpucost_values {}; return ;;\n", v.flag, v.kind);
    return out;
}

std::string fish_value_lines() {
    std::string out;
    for (const ValueFlag& v : k_value_flags)
        out +=
            fmt::format("complete -c gpucost -l {} -x -a '(gpucost __complete {} 2>/dev/null)'\n", v.flag + 2, v.kind);
    return out;
}

std::vector<std::string> long_flags(const CLI::App& app) {
    std::vector<std::string> flags;
    for (const CLI::Option* option : app.get_options())
        for (const std::string& name : option->get_lnames()) flags.push_back("--" + name);
    return flags;
}

// Every command path ("", "catalog", "catalog list") with the words that may follow it: its subcommands and flags.
// The one walk of the option tree that every shell's script is written from.
using Arms = std::vector<std::pair<std::string, std::vector<std::string>>>;

void collect_arms(const CLI::App& app, const std::string& path, Arms& arms) {
    std::vector<std::string> words = long_flags(app);
    const std::vector<const CLI::App*> subs =
        app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });  // not hidden ones
    for (const CLI::App* sub : subs) words.push_back(sub->get_name());
    arms.emplace_back(path, words);
    for (const CLI::App* sub : subs)
        collect_arms(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), arms);
}

// The case arms of a shell's word lookup, one line each, in `arm`'s format ({0}: the path, {1}: the words).
std::string arms_text(const CLI::App& root, const char* arm) {
    Arms arms;
    collect_arms(root, "", arms);
    std::string out;
    for (const auto& [path, words] : arms) out += fmt::format(fmt::runtime(arm), path, fmt::join(words, " "));
    return out;
}

std::string bash_script(const CLI::App& root) {
    return fmt::format(R"BASH(# bash completion for gpucost, generated by 'gpucost completion bash'.
# Install: gpucost completion bash > ~/.local/share/bash-completion/completions/gpucost
_gpucost() {{
    local cur prev path word words i
    cur="${{COMP_WORDS[COMP_CWORD]}}"
    prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    case "$prev" in
{}    esac
    path=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        word="${{COMP_WORDS[i]}}"
        case "$word" in -*) continue ;; esac
        case " $(_gpucost_words "$path") " in
            *" $word "*) path="${{path:+$path }}$word" ;;
        esac
    done
    case "$cur" in
        -*) COMPREPLY=($(compgen -W "$(_gpucost_words "$path" | tr ' ' '\n' | grep -e '^-')" -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W "$(_gpucost_words "$path")" -f -- "$cur")) ;;
    esac
}}
_gpucost_words() {{
    local words=""
    case "$1" in
{}    esac
    echo "$words"
}}
complete -F _gpucost gpucost
)BASH",
                       bash_value_arms(), arms_text(root, "        \"{}\") words=\"{}\" ;;\n"));
}

// zsh: `path` and `words` are zsh's own arrays, so the command path is `cmdpath`.
std::string zsh_script(const CLI::App& root) {
    return fmt::format(R"ZSH(#compdef gpucost
# zsh completion for gpucost, generated by 'gpucost completion zsh'.
# Install: gpucost completion zsh > "${{fpath[1]}}/_gpucost" (or source it after compinit)
_gpucost_words() {{
    case "$1" in
{}    esac
}}
# A flag's values from the catalogue, each with its name as the description.
_gpucost_values() {{
    local line
    local -a values
    for line in ${{(f)"$(gpucost __complete $1 2>/dev/null)"}}; do
        values+=("${{${{line%%$'\t'*}}//:/\\:}}:${{line#*$'\t'}}")
    done
    _describe -t $1 $1 values
}}
_gpucost_complete() {{
    local cmdpath="" word i
    local -a known
    case "${{words[CURRENT-1]}}" in
{}    esac
    for (( i = 2; i < CURRENT; i++ )); do
        word="${{words[i]}}"
        [[ "$word" == -* ]] && continue
        known=(${{=$(_gpucost_words "$cmdpath")}})
        (( ${{known[(Ie)$word]}} )) && cmdpath="${{cmdpath:+$cmdpath }}$word"
    done
    known=(${{=$(_gpucost_words "$cmdpath")}})
    if [[ "${{words[CURRENT]}}" == -* ]]; then
        compadd -- ${{(M)known:#-*}}
    else
        compadd -- ${{known:#-*}}
        _files
    fi
}}
if [[ "${{zsh_eval_context[-1]}}" == loadautofunc ]]; then
    _gpucost_complete "$@"
else
    compdef _gpucost_complete gpucost
fi
)ZSH",
                       arms_text(root, "        \"{}\") print -r -- \"{}\" ;;\n"), zsh_value_arms());
}

std::string fish_script(const CLI::App& root) {
    return fmt::format(R"FISH(# fish completion for gpucost, generated by 'gpucost completion fish'.
# Install: gpucost completion fish > ~/.config/fish/completions/gpucost.fish
function __gpucost_words
    switch "$argv[1]"
{}    end
end
function __gpucost_path
    set -l cmdpath ''
    for token in (commandline -opc)[2..-1]
        string match -q -- '-*' $token; and continue
        if contains -- $token (string split ' ' (__gpucost_words "$cmdpath"))
            if test -z "$cmdpath"
                set cmdpath $token
            else
                set cmdpath "$cmdpath $token"
            end
        end
    end
    echo $cmdpath
end
complete -c gpucost -a '(string split " " (__gpucost_words (__gpucost_path)))'
# Flags' values from the catalogue, with their names as descriptions.
{})FISH",
                       arms_text(root, "        case '{}'\n            echo '{}'\n"), fish_value_lines());
}

struct CompletionOptions {
    std::string shell;
    OutputOptions output;
};

struct CompleteOptions {
    std::string kind;
    CatalogOptions catalog;
};

}  // namespace

// `gpucost __complete KIND`: what the completion scripts call for a flag's values, one "VALUE<tab>NAME" line each,
// from the catalogue at completion time. Hidden from --help and the manual.
Command add_complete_command(CLI::App& app) {
    auto options = std::make_shared<CompleteOptions>();
    CLI::App* command = app.add_subcommand("__complete", "the values the completion scripts offer for a flag");
    command->group("");
    command->add_option("kind", options->kind, k_value_kinds)->required()->type_name("KIND");
    add_catalog_options(*command, options->catalog);
    command->allow_extras();
    return {command, [command, options](const Io& io) {
                reject_extras(*command);
                std::ostringstream quiet;  // a catalogue's warnings would land in the middle of the shell's line
                const std::string values =
                    completion_values(options->kind, options->kind == "formats" || options->kind == "charts" ||
                                                             options->kind == "rate-targets"
                                                         ? Catalog{}
                                                         : load_catalog(options->catalog, quiet));
                io.out << values;
                return static_cast<int>(ExitCode::success);
            }};
}

Command add_completion_command(CLI::App& app) {
    auto options = std::make_shared<CompletionOptions>();
    CLI::App* command =
        app.add_subcommand("completion", "print a shell completion script: gpucost completion bash|zsh|fish");
    command->add_option("shell", options->shell, "the shell: bash, zsh or fish")->required()->type_name("SHELL");
    add_output_option(*command, options->output);
    command->footer(command_footer("completion"));
    command->allow_extras();
    return {command, [command, options, &app](const Io& io) {
                reject_extras(*command);
                std::string script;
                if (options->shell == "bash")
                    script = bash_script(app);
                else if (options->shell == "zsh")
                    script = zsh_script(app);
                else if (options->shell == "fish")
                    script = fish_script(app);
                else
                    throw UsageError(fmt::format("completion: unsupported shell {}; give bash, zsh or fish{}",
                                                 quote_value(options->shell),
                                                 did_you_mean(options->shell, {"bash", "zsh", "fish"})));
                write_result(options->output, script, io.out, io.err);
                return static_cast<int>(ExitCode::success);
            }};
}

}  // namespace gpucost::cli
