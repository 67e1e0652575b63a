package io.tcplab.tools.emu;

import io.tcplab.stack.PacketSink;
import io.tcplab.tools.link.Link;
import io.tcplab.tools.link.LinkParams;
import io.tcplab.tools.link.LinkSchedule;
import io.tcplab.tools.link.PacketPool;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * An emulated network on virtual time: named hosts and routers joined by named one-way links.
 * Routes to every host address follow the topology (fewest hops; ties go to the link added
 * first), recomputed before the first packet sent after a change; explicit routes set with
 * {@link #route} take precedence.
 * Everything random derives from the seed, so the same seed and inputs give the same run.
 */
public final class Network {
    private final long seed;
    private final Scheduler scheduler = new Scheduler();
    private final PacketPool pool = new PacketPool();
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final Map<String, Link> links = new LinkedHashMap<>();
    private final Map<Node, List<Edge>> incoming = new HashMap<>();
    private final List<ExplicitRoute> explicitRoutes = new ArrayList<>();
    private final Set<String> addresses = new HashSet<>();
    /** Routes are recomputed lazily, when the first packet after a topology change is sent. */
    private boolean routesStale;

    private record Edge(Link link, Node from) {
    }

    /** A route for one address, or the default route when {@code address} is null. */
    private record ExplicitRoute(Node node, byte[] address, Link link) {
    }

    public Network(long seed) {
        this.seed = seed;
    }

    public long seed() {
        return seed;
    }

    public Scheduler scheduler() {
        return scheduler;
    }

    public PacketPool pool() {
        return pool;
    }

    /** Shorthand for {@code scheduler().at(timeNanos, action)}. */
    public void at(long timeNanos, Runnable action) {
        scheduler.at(timeNanos, action);
    }

    public HostNode addHost(String name, byte[] address, Function<PacketSink, EmulatedHost> factory) {
        return addHost(name, List.of(address), factory);
    }

    public HostNode addHost(String name, List<byte[]> hostAddresses, Function<PacketSink, EmulatedHost> factory) {
        checkNewNode(name);
        for (byte[] address : hostAddresses) {
            RoutingTable.checkAddress(address);
            if (!addresses.add(key(address))) {
                throw new IllegalArgumentException("address " + key(address) + " of host " + name + " is already in use");
            }
        }
        HostNode host = new HostNode(name, hostAddresses, factory, this);
        nodes.put(name, host);
        routesStale = true;
        return host;
    }

    public Router addRouter(String name) {
        checkNewNode(name);
        Router router = new Router(name, this);
        nodes.put(name, router);
        return router;
    }

    /** A one-way link from one node to another; it keeps its own copy of {@code params}. */
    public Link addLink(String linkName, String from, String to, LinkParams params) {
        if (links.containsKey(linkName)) {
            throw new IllegalArgumentException("a link named '" + linkName + "' already exists");
        }
        Node fromNode = node(from);
        Node toNode = node(to);
        LinkParams linkParams = params.copy();
        Link link = new Link(linkName, linkParams, seed, pool, new LinkArrivals(toNode, scheduler, linkParams));
        EventHandler serve = (now, arg) -> link.serve(now);
        link.setServiceTimer(at -> scheduler.schedule(at, serve, null));
        links.put(linkName, link);
        incoming.computeIfAbsent(toNode, n -> new ArrayList<>()).add(new Edge(link, fromNode));
        fromNode.outgoing.add(link);
        routesStale = true;
        return link;
    }

    /** Links {@code a} and {@code b} both ways, naming the links {@code "a->b"} and {@code "b->a"}. */
    public void connect(String a, String b, LinkParams aToB, LinkParams bToA) {
        connect(a, b, a + "->" + b, aToB, b + "->" + a, bToA);
    }

    public void connect(String a, String b, String nameAToB, LinkParams aToB, String nameBToA, LinkParams bToA) {
        addLink(nameAToB, a, b, aToB);
        addLink(nameBToA, b, a, bToA);
    }

    /** Sends packets for {@code address} from {@code node} over {@code link}, whatever the topology says. */
    public void route(String node, byte[] address, String link) {
        RoutingTable.checkAddress(address);
        explicitRoutes.add(new ExplicitRoute(node(node), address.clone(), outgoingLink(node, link)));
        routesStale = true;
    }

    /** Sends packets that match no route from {@code node} over {@code link}. */
    public void defaultRoute(String node, String link) {
        explicitRoutes.add(new ExplicitRoute(node(node), null, outgoingLink(node, link)));
        routesStale = true;
    }

    /**
     * Applies each change of {@code schedule} to the named link at its time; its stalls are set
     * on the link now, so call this before the packets they would hold are sent.
     */
    public void schedule(String linkName, LinkSchedule schedule) {
        Link link = link(linkName);
        schedule.installStalls(link, 0);
        for (LinkSchedule.Change change : schedule.settings()) {
            scheduler.at(change.atNanos(), () -> change.applyTo(link.params()));
        }
    }

    public Link link(String name) {
        Link link = links.get(name);
        if (link == null) {
            throw new IllegalArgumentException("no link named '" + name + "'; the links are " + links.keySet());
        }
        return link;
    }

    public Collection<Link> links() {
        return Collections.unmodifiableCollection(links.values());
    }

    public Node node(String name) {
        Node node = nodes.get(name);
        if (node == null) {
            throw new IllegalArgumentException("no node named '" + name + "'; the nodes are " + nodes.keySet());
        }
        return node;
    }

    public HostNode host(String name) {
        if (node(name) instanceof HostNode host) {
            return host;
        }
        throw new IllegalArgumentException("node '" + name + "' is a router, not a host");
    }

    public Router router(String name) {
        if (node(name) instanceof Router router) {
            return router;
        }
        throw new IllegalArgumentException("node '" + name + "' is a host, not a router");
    }

    public Collection<Node> nodes() {
        return Collections.unmodifiableCollection(nodes.values());
    }

    private void checkNewNode(String name) {
        if (nodes.containsKey(name)) {
            throw new IllegalArgumentException("a node named '" + name + "' already exists");
        }
    }

    private Link outgoingLink(String node, String linkName) {
        Link link = link(linkName);
        if (!node(node).outgoing.contains(link)) {
            throw new IllegalArgumentException("link '" + linkName + "' does not leave node '" + node + "'");
        }
        return link;
    }

    void ensureRoutes() {
        if (routesStale) {
            updateRoutes();
        }
    }

    /** Recomputes every table: a breadth-first search toward each host over the links. */
    private void updateRoutes() {
        routesStale = false;
        for (Node node : nodes.values()) {
            node.routes.clear();
            if (node instanceof HostNode && !node.outgoing.isEmpty()) {
                node.routes.setDefault(node.outgoing.get(0));
            }
        }
        for (Node node : nodes.values()) {
            if (node instanceof HostNode host) {
                routeToward(host);
            }
        }
        for (ExplicitRoute route : explicitRoutes) {
            if (route.address() == null) {
                route.node().routes.setDefault(route.link());
            } else {
                route.node().routes.put(route.address(), route.link());
            }
        }
    }

    private void routeToward(HostNode host) {
        Set<Node> reached = new HashSet<>(List.of(host));
        ArrayDeque<Node> frontier = new ArrayDeque<>(List.of(host));
        while (!frontier.isEmpty()) {
            Node next = frontier.poll();
            for (Edge edge : incoming.getOrDefault(next, List.of())) {
                if (reached.add(edge.from())) {
                    for (byte[] address : host.addressesView()) {
                        edge.from().routes.put(address, edge.link());
                    }
                    frontier.add(edge.from());
                }
            }
        }
    }

    private static String key(byte[] address) {
        try {
            return java.net.InetAddress.getByAddress(address).getHostAddress();
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
