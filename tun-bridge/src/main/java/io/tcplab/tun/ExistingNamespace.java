package io.tcplab.tun;

import java.time.Duration;
import java.util.concurrent.Callable;

/** A namespace tcplab did not make, or this process's own (name null): used, never removed. */
record ExistingNamespace(String name) implements Namespace {
    ExistingNamespace {
        if (name != null) {
            NetNs.path(name); // a bad name fails here, with one line
        }
    }

    @Override
    public CommandResult exec(Duration timeout, String... command) {
        return Commands.run(Commands.inNamespace(name, command), timeout);
    }

    @Override
    public String run(String... command) {
        CommandResult r = exec(Commands.DEFAULT_TIMEOUT, command);
        if (!r.ok()) {
            throw new TunException("tcplab: " + String.join(" ", command) + " failed" + where() + ": "
                    + r.firstErrorLine());
        }
        return r.stdout();
    }

    @Override
    public String ip(String... args) {
        return Commands.ip(name, "ip " + String.join(" ", args) + " failed" + where(), args);
    }

    @Override
    public <T> T inside(Callable<T> body) {
        if (name != null) {
            return NetNs.inside(name, body);
        }
        try {
            return body.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new TunException("tcplab: " + e, e);
        }
    }

    @Override
    public TunDevice.Builder tun() {
        return TunDevice.builder().namespace(name);
    }

    private String where() {
        return name != null ? " in " + name : "";
    }
}
