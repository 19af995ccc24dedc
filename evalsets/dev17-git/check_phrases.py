#!/usr/bin/env python3
"""Check the dev17-git eval set against the installed git-doc HTML pages.

5 topics of 3-4 questions (16); one unanswerable question: http-serving Q4,
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
    "bug-reports": [
        ["git-bugreport.html"],
        ["git-diagnose.html"],
        ["git-diagnose.html", "git-bugreport.html"],
    ],
    "http-serving": [
        ["git-http-backend.html"],
        ["git-update-server-info.html", "githooks.html", "gitcore-tutorial.html",
         "user-manual.html", "gitrepository-layout.html"],
        ["git-http-backend.html"],
        None,
    ],
    "packed-refs": [
        ["git-pack-refs.html", "gitrepository-layout.html"],
        ["git-pack-refs.html"],
        ["git-show-ref.html"],
    ],
    "quoted-file-names": [
        ["git-config.html", "git-diff.html"],
        ["git-config.html"],
        ["git-ls-files.html", "git-config.html"],
    ],
    "rebase-onto": [
        ["git-rebase.html"],
        ["git-rebase.html"],
        ["git-rebase.html"],
    ],
}

# Key terms (regular expressions, matched case-insensitively against the
# whitespace-collapsed visible text of every page, <pre> and headings
# included) that an answer to the unanswerable question would have to use.
T_NGINX = r"\bnginx\b|fcgiwrap|spawn-fcgi|\buwsgi\b|\bscgi\b"
T_FASTCGI = r"fast-?cgi|\bfcgi\b"
T_NGINX_DIRECTIVES = r"fastcgi_param|fastcgi_pass|proxy_pass|server_name|location\s*[~=]"
T_BACKEND = r"http-backend"
T_WEB_SERVERS = r"\b(lighttpd|apache2?|httpd|caddy|iis|mongoose|webrick|plackup)\b"
T_CGI = r"\bcgi\b"

UNANSWERABLE_TERMS = {
    ("http-serving", 3): [T_NGINX, T_FASTCGI, T_NGINX_DIRECTIVES, T_BACKEND, T_WEB_SERVERS,
                          T_CGI],
}

# Every page a key term matches, read by hand: (page, term) -> why it is no answer.
REVIEWED_HITS = {
    # FastCGI: only gitweb, never git http-backend.
    ("gitweb.html", T_FASTCGI): (
        "\"Apache with FastCGI\": how to run gitweb (gitweb.fcgi, FastCgiServer) under Apache's "
        "mod_fastcgi; about the gitweb browser interface, not git http-backend, and not nginx"),
    ("gitweb.conf.html", T_FASTCGI): (
        "some gitweb variables matter only in persistent environments \"like mod_perl, "
        "FastCGI or Plackup\"; gitweb configuration, no web-server setup for http-backend"),
    ("gitweb.conf.html", T_NGINX_DIRECTIVES): (
        "$site_name falls back to the SERVER_NAME CGI environment variable; a gitweb "
        "variable, not an nginx server_name directive"),
    # git http-backend itself and every page that mentions it.
    ("git-http-backend.html", T_BACKEND): (
        "near miss: the CGI program's manual; its EXAMPLES configure Apache 2.x (ScriptAlias, "
        "SetEnv GIT_PROJECT_ROOT, authentication for pushes), \"Accelerated static Apache\" "
        "and Lighttpd (mod_cgi, alias.url, setenv.add-environment), and ENVIRONMENT lists the "
        "CGI variables it reads (PATH_INFO, REMOTE_USER, REMOTE_ADDR, CONTENT_TYPE, "
        "QUERY_STRING, REQUEST_METHOD, GIT_PROTOCOL); no nginx, fcgiwrap or FastCGI setup"),
    ("git-receive-pack.html", T_BACKEND): (
        "--http-backend-info-refs, used by git-http-backend to serve info/refs requests; "
        "internal option, no web-server configuration"),
    ("git-upload-pack.html", T_BACKEND): (
        "the same --http-backend-info-refs option (and \"smart\" HTTP's stateless RPC); no "
        "web-server configuration"),
    ("git.html", T_BACKEND): (
        "the command list entry \"server side implementation of Git over HTTP\" and "
        "GIT_PROTOCOL, which over HTTP \"should work automatically in most configurations, "
        "but see the discussion in git-http-backend(1)\"; nothing about nginx"),
    ("index.html", T_BACKEND): (
        "the same text (index.html is a symbolic link to git.html)"),
    ("giteveryday.html", T_BACKEND): (
        "git-http-backend \"provides a server side implementation of Git-over-HTTP (\"Smart "
        "http\") allowing both fetch and push services\"; one line in a list of server "
        "tools, no configuration"),
    ("gitnamespaces.html", T_BACKEND): (
        "the smart HTTP server passes GIT_NAMESPACE to the backend programs; \"see "
        "git-http-backend(1) for sample configuration\" (the Apache example); no nginx"),
    ("gitprotocol-http.html", T_BACKEND): (
        "the protocol description: the smart server uses the --http-backend-info-refs option "
        "of git-upload-pack; wire format only"),
    ("gitprotocol-v2.html", T_BACKEND): (
        "the server \"may need to be configured to pass\" the Git-Protocol header via "
        "GIT_PROTOCOL, \"see the discussion in git-http-backend.txt\"; no nginx setting"),
    ("howto/setup-git-server-over-http.html", T_BACKEND): (
        "the 2006 howto for dumb HTTP with Apache and WebDAV, \"relevant mainly if your web "
        "host is not CGI capable. Almost everyone else should instead look at "
        "git-http-backend(1)\"; Apache only"),
    # Web servers named anywhere.
    ("git-http-backend.html", T_WEB_SERVERS): (
        "the Apache 2.x, accelerated static Apache and Lighttpd examples (see the "
        "http-backend entry); the manual names no other web server"),
    ("howto/setup-git-server-over-http.html", T_WEB_SERVERS): (
        "compiling and configuring Apache 2 with mod_dav for dumb HTTP pushes (httpd.conf, "
        "DAVLockDB, htpasswd); not git http-backend, not nginx"),
    ("git-instaweb.html", T_WEB_SERVERS): (
        "git instaweb starts gitweb under lighttpd, apache2, mongoose, plackup, python or "
        "webrick; a temporary gitweb browser, not serving clones or pushes through nginx"),
    ("gitweb.html", T_WEB_SERVERS): (
        "running gitweb under Apache (as CGI, with mod_perl or FastCGI), the gitweb "
        "installation; browser interface only"),
    ("gitweb.conf.html", T_WEB_SERVERS): (
        "the same mod_perl/FastCGI/Plackup remark for gitweb's persistent environments"),
    ("git-config.html", T_WEB_SERVERS): (
        "instaweb.httpd, instaweb.modulePath (/usr/lib/apache2/modules, \"only used if httpd "
        "is apache\") and instaweb.port; git instaweb's gitweb server"),
    ("git-cvsimport.html", T_WEB_SERVERS): (
        "the cvs2git link at subversion.apache.org; unrelated"),
    ("git-cvsserver.html", T_WEB_SERVERS): (
        "the htpasswd tool \"that comes with Apache\" for git-cvsserver's password files; "
        "unrelated"),
    ("user-manual.html", T_WEB_SERVERS): (
        "\"the default server when using instaweb is lighttpd\" (gitweb); no http-backend "
        "setup"),
    # CGI.
    ("git-http-backend.html", T_CGI): (
        "\"a simple CGI program\"; the CGI variables it relies on and the Apache/Lighttpd "
        "examples, as above; nothing about running it through fcgiwrap or nginx"),
    ("gitprotocol-http.html", T_CGI): (
        "the smart protocol \"requires a Git aware CGI (or server module)\" and example URLs "
        "such as daemon.cgi; protocol description only"),
    ("gitweb.html", T_CGI): (
        "gitweb.cgi and its installation as a CGI script; not git http-backend"),
    ("gitweb.conf.html", T_CGI): (
        "gitweb's CGI environment and configuration variables; not git http-backend"),
    ("howto/setup-git-server-over-http.html", T_CGI): (
        "the same note: relevant if the web host \"is not CGI capable\", otherwise see "
        "git-http-backend(1)"),
    ("user-manual.html", T_CGI): (
        "\"the gitweb cgi script\" for browsing and setting up gitweb \"with a CGI or Perl "
        "capable server\"; not git http-backend"),
}

N_TOPICS, N_QUESTIONS, N_UNANSWERABLE = 5, 16, 1


def main():
    sys.exit(check_reviewed_set(HERE, ROOT, PAGES, UNANSWERABLE_TERMS, REVIEWED_HITS,
                                N_TOPICS, N_QUESTIONS, N_UNANSWERABLE, per_topic=(3, 4)))


if __name__ == "__main__":
    main()
