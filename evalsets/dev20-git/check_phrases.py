#!/usr/bin/env python3
"""Check the dev20-git eval set against the installed git-doc HTML pages.

5 topics of 3 questions (15); one unanswerable question: new-repositories Q3,
whose key-term hits read by hand are in REVIEWED_HITS.
The rules are those of ``html_phrases.check_reviewed_set`` (../html_phrases.py).

Usage: /work/main/.venv/bin/python check_phrases.py [DOC_ROOT]  (default /usr/share/doc/git-doc)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from html_phrases import check_reviewed_set  # noqa: E402 - shared helpers, one folder up

ROOT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/doc/git-doc"

# Pages (relative to ROOT) answering each question, in question order; a
# phrase must be found in at least one of them.  None marks the question the
# collection cannot answer.
PAGES = {
    "log-ordering": [
        ["git-log.html", "git-rev-list.html"],
        ["git-log.html", "git-rev-list.html"],
        ["git-log.html", "git-rev-list.html"],
    ],
    "merge-commit-diffs": [
        ["git-show.html", "git-log.html", "git-diff.html"],
        ["git-show.html", "git-log.html", "git-diff-tree.html"],
        ["git-log.html", "git-config.html"],
    ],
    "new-repositories": [
        ["git-init.html", "git-config.html", "git-clone.html"],
        ["git-init.html"],
        None,
    ],
    "parallel-checkout": [
        ["git-config.html", "git-checkout.html", "git-switch.html"],
        ["git-switch.html", "git-config.html", "git-checkout.html"],
        ["technical/parallel-checkout.html"],
    ],
    "pathspecs": [
        ["gitglossary.html", "user-manual.html"],
        ["gitcli.html", "git-checkout.html"],
        ["gitglossary.html", "user-manual.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_DEFBRANCH = r"init\.defaultbranch|default branch name|initial[ -]branch|name of the initial branch"
T_CHANGE = r"subject to change"
T_MAIN_MASTER = (r"\bmaster\b\W+(?:\w+\W+){0,10}?main\b"
                 r"|\bmain\b\W+(?:\w+\W+){0,10}?master\b")
T_MASTER_FUTURE = (r"\bmaster\b\W+(?:\w+\W+){0,6}?(renam\w*|replac\w*|future|deprecat\w*|no longer)\b"
                   r"|\b(renam\w*|replac\w*|future|deprecat\w*)\W+(?:\w+\W+){0,6}?master\b")
T_MAIN_DEFAULT = (r"\bmain\b\W+(?:\w+\W+){0,8}?(default|initial)\b"
                  r"|\b(default|initial)\W+(?:\w+\W+){0,8}?main\b")
T_VERSION = (r"\b(git|version|release|v)\s?[123]\.\d+(\.\d+)?\W+(?:\w+\W+){0,15}?"
             r"(main|default branch|initial branch|defaultbranch)\b"
             r"|\b(main|default branch|initial branch|defaultbranch)\W+(?:\w+\W+){0,15}?"
             r"(git|version|release|v)\s?[123]\.\d+")
T_GIT3 = r"\bgit 3(\.0)?\b|\bv?3\.0(\.0)?\b"

UNANSWERABLE_TERMS = {
    ("new-repositories", 2): [T_DEFBRANCH, T_CHANGE, T_MAIN_MASTER, T_MASTER_FUTURE,
                              T_MAIN_DEFAULT, T_VERSION, T_GIT3],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    # "init.defaultBranch", "default branch name", "initial branch", "name of the initial branch".
    ("git-init.html", T_DEFBRANCH): (
        "near miss: without -b/--initial-branch git init falls back \"to the default name "
        "(currently master, but this is subject to change in the future; the name can be "
        "customized via the init.defaultBranch configuration variable)\"; a change is announced "
        "without a version or a new name"),
    ("git-config.html", T_DEFBRANCH): (
        "init.defaultBranch \"allows overriding the default branch name e.g. when initializing "
        "a new repository\"; the setting, no release that changes the built-in default"),
    ("git-clone.html", T_DEFBRANCH): (
        "git clone \"creates and checks out an initial branch that is forked from the cloned "
        "repository's currently active branch\", plus the same init.defaultBranch entry as "
        "git-config; no future default or version"),
    ("gitprotocol-capabilities.html", T_DEFBRANCH): (
        "the symref capability lets clients \"select the proper initial branch when cloning a "
        "repository\"; the wire protocol, unrelated to git init's default"),
    # "subject to change" anywhere.
    ("git-init.html", T_CHANGE): (
        "the same near miss as above: the default name is \"currently master, but this is "
        "subject to change in the future\"; no version, no date, no new name"),
    ("git-cat-file.html", T_CHANGE): (
        "which object is the base of a delta \"is arbitrary and is subject to change during a "
        "repack\" (%(deltabase)); unrelated"),
    ("git-for-each-ref.html", T_CHANGE): (
        "the same %(deltabase) remark as git-cat-file; unrelated"),
    ("git-config.html", T_CHANGE): (
        "the feature.* settings are \"recommended defaults and are subject to change\" "
        "(feature.experimental, feature.manyFiles); not the initial branch name"),
    ("git-log.html", T_CHANGE): (
        "the output of --remerge-diff \"is subject to change\"; unrelated"),
    ("git-show.html", T_CHANGE): (
        "the same --remerge-diff remark as git-log; unrelated"),
    ("git-range-diff.html", T_CHANGE): (
        "\"the output of the range-diff command is subject to change\" (not for scripts); "
        "unrelated"),
    ("git-repack.html", T_CHANGE): (
        "the --geometric roll-up \"is subject to change in the future\"; unrelated"),
    ("git-status.html", T_CHANGE): (
        "the short and long formats' \"contents and format are subject to change at any "
        "time\"; unrelated"),
    ("git-upload-archive.html", T_CHANGE): (
        "the rules for which objects git archive --remote may fetch \"are subject to change "
        "in future versions of Git\"; unrelated"),
    ("git.html", T_CHANGE): (
        "the interface of porcelain commands is \"subject to change in order to improve the "
        "end user experience\"; general, no branch name or version"),
    ("index.html", T_CHANGE): (
        "the same porcelain remark (index.html is a symbolic link to git.html)"),
    # "master" and "main" within ten words of each other.
    ("git-cvsimport.html", T_MAIN_MASTER): (
        "the initial import populates a \"master\" branch from the CVS repository's main "
        "branch; CVS import, not git init's default"),
    ("git-show-branch.html", T_MAIN_MASTER): (
        "--topics hides commits \"already in the main line of development\" in "
        "\"git show-branch --topics master topic1 topic2\"; unrelated"),
    ("git-worktree.html", T_MAIN_MASTER): (
        "git rev-parse --git-path refs/heads/master returns /path/main/.git/refs/heads/master "
        "(a directory named main); unrelated"),
    ("gitcvs-migration.html", T_MAIN_MASTER): (
        "after a CVS import \"the most recent version of the main trunk is also left checked "
        "out on the master branch\"; unrelated"),
    # "master" within six words of rename/replace/future/deprecate/"no longer".
    ("MyFirstContribution.html", T_MASTER_FUTURE): (
        "base a new feature on master, but \"in the future for bugfixes\" check "
        "SubmittingPatches; contribution advice for Git itself, unrelated"),
    ("git-config.html", T_MASTER_FUTURE): (
        "merge.suppressDest: \"the default value of master is used for backward "
        "compatibility\", followed by merge.renameLimit; merge messages, unrelated"),
    ("git-merge.html", T_MASTER_FUTURE): (
        "the same merge.suppressDest and merge.renameLimit entries as git-config; unrelated"),
    ("git-fast-export.html", T_MASTER_FUTURE): (
        "fast-export master~5..master makes \"master~4 no longer have master~5 as a "
        "parent\"; unrelated"),
    ("git-svn.html", T_MASTER_FUTURE): (
        "an example resets \"your master to trunk (or any other branch, replacing 'trunk' "
        "...)\"; git svn, unrelated"),
    ("gitcore-tutorial.html", T_MASTER_FUTURE): (
        "show-branch output listing [master] next to a branch \"fix rename detection\"; "
        "unrelated"),
    ("howto/maintain-git.html", T_MASTER_FUTURE): (
        "\"git checkout -b ai/topic master\" and \"replacing an existing topic with "
        "subsequent round\"; the Git maintainer's workflow, unrelated"),
    ("howto/revert-branch-rebase.html", T_MASTER_FUTURE): (
        "show-branch output with commits titled \"Replace C99 array initializers\" on "
        "master^2; unrelated"),
    # "main" within eight words of "default" or "initial".
    ("git-submodule.html", T_MAIN_DEFAULT): (
        "\"This is the default behavior, the main use of this option is to override "
        "submodule.$name.update\"; unrelated"),
    ("technical/bundle-uri.html", T_MAIN_DEFAULT): (
        "bundle URIs have \"two main goals. First, initial clones of the repository become "
        "faster\"; unrelated"),
    # a version number within fifteen words of main/default branch/initial branch.
    ("technical/api-trace2.html", T_VERSION): (
        "trace2 sample output: \"git version 2.20.1...\" next to common-main.c and thread "
        "\"main\"; unrelated"),
    # "Git 3", "3.0".
    ("git-cvsserver.html", T_GIT3): (
        "CVS clients known to work, among them \"Eclipse 3.0, 3.1.2 on MacOSX\"; unrelated"),
    ("user-manual.html", T_GIT3): (
        "\"git show v1.3.0~155^2~4\" to look at the first cmd_log(); an old Git tag, "
        "unrelated"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 15, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 3)))


if __name__ == "__main__":
    main()
