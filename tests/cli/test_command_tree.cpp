// The lone-command tree (src/cli/command_tree.hpp): a run builds only its command's options, so each command must
// be registered exactly as in the whole tree, and parse every word exactly as the whole tree would.
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "command_tree.hpp"

namespace {

using gpucost::cli::add_commands;
using gpucost::cli::add_top_level;
using gpucost::cli::Command;
using gpucost::cli::k_top_level_description;

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const std::string& word : words) text += word + ",";
    return text;
}

// Everything a command registers, subcommands included: names, help texts, defaults, groups, arity.
std::string registered(const CLI::App& app) {
    std::ostringstream out;
    out << "app " << app.get_name() << "|" << app.get_description() << "|" << app.get_footer() << "|" << app.get_group()
        << "|" << app.get_allow_extras() << "\n";
    for (const CLI::Option* o : app.get_options())
        out << "  " << o->get_name() << "|" << joined(o->get_lnames()) << "|" << joined(o->get_snames()) << "|"
            << o->get_description() << "|" << o->get_default_str() << "|" << o->get_type_name() << "|" << o->get_group()
            << "|" << o->get_required() << "|" << o->get_expected_min() << "|" << o->get_expected_max() << "|"
            << o->get_envname() << "\n";
    for (const CLI::App* sub : app.get_subcommands({})) out << registered(*sub);
    return out.str();
}

// A tree: the whole one, or the lone tree of `only`.
struct Tree {
    CLI::App app{k_top_level_description, "gpucost"};
    bool version = false;
    std::vector<Command> commands;
    explicit Tree(const std::string* only) {
        add_top_level(app, version);
        commands = only == nullptr ? add_commands(app) : add_commands(app, *only);
    }
    const Command& command(const std::string& name) const {
        for (const Command& c : commands)
            if (c.app->get_name() == name) return c;
        FAIL("no command " << name);
        return commands.front();
    }
};

// What a parse left: the error, or each parsed app's name, its leftover words and every option's results.
std::string parsed(CLI::App& app, const std::vector<std::string>& args) {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    try {
        app.parse(reversed);
    } catch (const CLI::Error& e) {
        return std::string("error ") + e.get_name() + ": " + e.what();
    }
    std::ostringstream out;
    std::vector<const CLI::App*> apps = {&app};
    while (!apps.empty()) {
        const CLI::App* a = apps.back();
        apps.pop_back();
        out << a->get_name() << " remaining " << joined(a->remaining()) << "\n";
        for (const CLI::Option* o : a->get_options())
            if (o->count() > 0) out << "  " << o->get_name() << "=" << joined(o->results()) << "\n";
        for (const CLI::App* sub : a->get_subcommands()) apps.push_back(sub);
    }
    return out.str();
}

// Words that give each of a command's options once: "--name 1" (a flag alone), then a positional.
std::vector<std::string> every_option(const CLI::App& command) {
    std::vector<std::string> args = {command.get_name()};
    for (const CLI::Option* o : command.get_options()) {
        if (o->get_lnames().empty() || o->get_name() == "--help") continue;
        args.push_back("--" + o->get_lnames().front());
        if (o->get_expected_min() > 0) args.push_back("1");
    }
    return args;
}

}  // namespace

TEST_CASE("command_names: the names each add_*_command registers, in --help's order") {
    Tree whole(nullptr);
    const std::vector<std::string_view> names = gpucost::cli::command_names();
    REQUIRE(names.size() == whole.commands.size());
    for (std::size_t i = 0; i < names.size(); ++i) CHECK(whole.commands[i].app->get_name() == names[i]);
}

TEST_CASE("add_commands(only): the command registers exactly what the whole tree does, and no other command is there") {
    Tree whole(nullptr);
    for (const std::string_view view : gpucost::cli::command_names()) {
        const std::string name(view);
        INFO(name);
        Tree lone(&name);
        const CLI::App& command = *lone.command(name).app;
        CHECK(registered(command) == registered(*whole.command(name).app));
        CHECK(command.help() == whole.command(name).app->help());
        REQUIRE(lone.commands.size() == 1);
        CHECK(lone.commands.front().run);
        CHECK(lone.app.get_subcommands({}).size() == 1);
    }
    const std::string none;
    Tree version_only(&none);
    CHECK(version_only.commands.empty());
    CHECK(version_only.app.get_subcommands({}).empty());
}

TEST_CASE("add_commands(only): every word lone_command gives the lone tree parses as on the whole tree") {
    Tree reference(nullptr);
    int compared = 0;  // parses that succeeded on both trees
    for (const std::string_view view : gpucost::cli::command_names()) {
        const std::string name(view);
        const std::vector<std::vector<std::string>> cases = {
            every_option(*reference.command(name).app),
            {name},
            {name, "--bogus", "x"},
            {"--version", name},
            {name, "--format"},
            {name, "--format", "json", "--quiet", "extra"},
            {name, "--format", "json"},
            {name, "--hours-per-week=40", "--years", "3"},
            {name, "--quiet", "--", name},
            {name, "--", "--format", "json"},
            {name, "compare"},
            {name, "--build", "catalog"},
            {"bogus", name},
            {name, "--help"},
        };
        for (const std::vector<std::string>& args : cases) {
            INFO(joined(args));
            if (gpucost::cli::lone_command(args) != name) continue;  // run_cli parses these on the whole tree
            Tree whole(nullptr);
            std::optional<Tree> lone_tree;
            {
                const gpucost::cli::NamedFlagsOnly named(args);
                lone_tree.emplace(&name);
            }
            Tree& lone = *lone_tree;
            const std::string on_lone = parsed(lone.app, args);
            // run_cli parses these again on the whole tree
            if (on_lone.rfind("error ", 0) != 0 && !lone.app.remaining(true).empty()) continue;
            compared += on_lone.rfind("error ", 0) == 0 ? 0 : 1;
            CHECK(on_lone == parsed(whole.app, args));
            CHECK(lone.version == whole.version);
        }
    }
    CHECK(compared >= 30);
}

TEST_CASE("NamedFlagsOnly: the shared flags the words name, --years and --months, and each command's own") {
    const std::string compare = "compare";
    const std::vector<std::string> words = {
        "compare", "--hours-per-week=40", "--electricity-usd-per-kwh", "0.2", "-qo", "out.json", "--format=json"};
    std::optional<Tree> lean;
    {
        const gpucost::cli::NamedFlagsOnly named(words);
        lean.emplace(&compare);
    }
    Tree whole(&compare);  // made after the scope: every flag again
    const CLI::App& lean_compare = *lean->command(compare).app;
    const CLI::App& whole_compare = *whole.command(compare).app;
    // Named: two assumption flags, --format (with its value joined), and -q and -o run together; always: --years,
    // --months and --help.
    const std::vector<std::string> kept = {"--hours-per-week", "--electricity-usd-per-kwh",
                                           "--format",         "--quiet",
                                           "--output",         "--years",
                                           "--months",         "--help"};
    for (const std::string& flag : kept) {
        INFO(flag);
        CHECK(lean_compare.get_option_no_throw(flag) != nullptr);
    }
    CHECK(lean_compare.get_options().size() == kept.size());
    for (const char* flag : {"--discount-rate", "--build", "--catalog", "--max-age-days", "--verbose", "--currency"}) {
        INFO(flag);
        CHECK(lean_compare.get_option_no_throw(flag) == nullptr);
        CHECK(whole_compare.get_option_no_throw(flag) != nullptr);
    }
    // A left-out option is read as never given: the stand-in, which no parse reaches.
    const gpucost::cli::NamedFlagsOnly named(words);
    CHECK(gpucost::cli::NamedFlagsOnly::left_out("--build"));
    CHECK_FALSE(gpucost::cli::NamedFlagsOnly::left_out("-o,--output"));
    CHECK_FALSE(gpucost::cli::NamedFlagsOnly::left_out("--format"));
    CHECK(gpucost::cli::NamedFlagsOnly::left_out("--form"));  // a prefix of a word names nothing
    CHECK(gpucost::cli::NamedFlagsOnly::stand_in()->count() == 0);
}

TEST_CASE("lone_command: the one command word, or the whole tree for help, completion, manpage and two commands") {
    using gpucost::cli::lone_command;
    CHECK(lone_command({"compare", "--hours-per-week", "40"}) == "compare");
    CHECK(lone_command({"--version"}) == "");
    CHECK(lone_command({}) == "");
    CHECK(lone_command({"bogus", "rank"}) == "rank");
    // Words naming a second command are routed by the whole tree: the lone one has no other command, not even by
    // name. The same command twice, or another's name after `--`, stays lone.
    CHECK(lone_command({"bogus", "rank", "compare"}) == std::nullopt);
    CHECK(lone_command({"compare", "--build", "catalog"}) == std::nullopt);
    CHECK(lone_command({"compare", "compare"}) == "compare");
    CHECK(lone_command({"compare", "--", "rank"}) == "compare");
    CHECK(lone_command({"--", "compare"}) == "");
    CHECK(lone_command({"help", "compare"}) == std::nullopt);
    CHECK(lone_command({"completion", "bash"}) == std::nullopt);
    CHECK(lone_command({"manpage"}) == std::nullopt);
    CHECK(lone_command({"--version", "manpage"}) == std::nullopt);
}
