# planet: the two commands of the README, and a few for development.
SWIFT ?= swift
# The release binary links the Swift runtime and Foundation statically: it starts faster (a warm
# cron run of 1,000 feeds: 0.27 -> 0.25 s, Benchmarks/PERF.md) and runs on a host that has only
# Debian's libxml2, libsqlite3, libcmark and libcurl, no Swift toolchain.
RELEASE = -c release --static-swift-stdlib

.PHONY: demo test setup build release deb format lint clean

## demo: install the C libraries if missing, build, run `planet build` on the shipped feeds.txt
demo: setup
	$(SWIFT) build $(RELEASE) --product planet
	.build/release/planet build --config feeds.txt --output output

## test: install the C libraries if missing, run every test
test: setup
	$(SWIFT) test

setup:
	scripts/setup.sh

build: setup
	$(SWIFT) build

## release: the release binary alone, .build/release/planet (copy it to the host that runs cron)
release: setup
	$(SWIFT) build $(RELEASE) --product planet
	@echo .build/release/planet

## deb: the Debian package .build/deb/planet_VERSION_ARCH.deb of the release binary, with planet(1),
## the completions, the default templates, the docs and the systemd units (scripts/make-deb.sh;
## scripts/check-deb.sh checks it)
deb: release
	scripts/setup.sh dpkg-dev binutils
	scripts/make-deb.sh

## format: rewrite the Swift files to the layout of .swift-format; lint: check them (as .ci/run does)
## and fail on any Swift line over 120 columns (characters, hence the UTF-8 locale), which swift format
## leaves alone in comments and string literals: wrap those by hand. DefaultTemplates.swift is generated.
FORMATTED = Sources Tests Benchmarks/Sources Fuzz Package.swift
format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)
	@LC_ALL=C.UTF-8 grep -rn --include='*.swift' --exclude=DefaultTemplates.swift '.\{121,\}' $(FORMATTED); \
	status=$$?; \
	if [ $$status -eq 0 ]; then echo "error: the Swift lines above are over 120 columns; wrap them by hand" >&2; fi; \
	[ $$status -eq 1 ]

clean:
	rm -rf .build output
