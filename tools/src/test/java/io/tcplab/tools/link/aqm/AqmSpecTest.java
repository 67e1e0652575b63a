package io.tcplab.tools.link.aqm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.tools.link.Limit;
import org.junit.jupiter.api.Test;

/** {@code NAME[:key=value,...]}: the defaults each AQM documents, and a spec that reads back as itself. */
class AqmSpecTest {
    private static final long MS = 1_000_000;

    @Test
    void theDefaults() {
        assertThat(AqmSpec.parse("codel")).isEqualTo(new CoDelParams(5 * MS, 100 * MS, false));
        assertThat(AqmSpec.parse("fq_codel")).isEqualTo(new FqCoDelParams(5 * MS, 100 * MS, true, 1500, 1024));
        assertThat(AqmSpec.parse("pie")).isEqualTo(new PieParams(15 * MS, 15 * MS, 0.125, 1.25, 150 * MS, false, 0.1));
        assertThat(AqmSpec.parse("dualpi2")).isEqualTo(new DualPi2Params(15 * MS, 16 * MS, 0.16, 3.2, 2, MS, 10));
        assertThat(AqmSpec.parse("droptail")).isEqualTo(new AqmSpec.DropTail());
        assertThat(AqmSpec.parse("FQ-CoDel")).isInstanceOf(FqCoDelParams.class);
    }

    @Test
    void everySpecReadsBackAsItself() {
        for (String text : new String[] {"droptail", "codel:target=2ms,interval=40ms,ecn=on",
                "fq_codel:quantum=300B,flows=64,ecn=off", "pie:target=20ms,tupdate=30ms,alpha=0.25,beta=2.5,burst=0us,ecn=on,mark_ecnth=0.2",
                "dualpi2:target=10ms,tupdate=8ms,alpha=0.3,beta=4,k=3,step=750us,c_weight=25",
                "red:min=5p,max=15p,max_p=0.05,weight=0.004,ecn=on,above_max=drop"}) {
            AqmSpec spec = AqmSpec.parse(text);
            assertThat(AqmSpec.parse(spec.toString())).isEqualTo(spec);
        }
        assertThat(AqmSpec.parse("codel:ecn=on").toString()).isEqualTo("codel:target=5ms,interval=100ms,ecn=on");
    }

    @Test
    void theLimitIsTheLinksOrLinuxsDefault() {
        assertThat(new CoDelParams(5 * MS, 100 * MS, false).limitOr(Limit.NONE)).isEqualTo(Limit.packets(1000));
        assertThat(new CoDelParams(5 * MS, 100 * MS, false).limitOr(Limit.bytes(64_000))).isEqualTo(Limit.bytes(64_000));
        assertThat(((ServedAqm) AqmSpec.parse("fq_codel")).defaultLimit()).isEqualTo(Limit.packets(10240));
        assertThat(((ServedAqm) AqmSpec.parse("pie")).defaultLimit()).isEqualTo(Limit.packets(1000));
        assertThat(((ServedAqm) AqmSpec.parse("dualpi2")).defaultLimit()).isEqualTo(Limit.packets(10000));
    }

    @Test
    void badSettingsNameTheKey() {
        assertThatThrownBy(() -> AqmSpec.parse("codel:target")).hasMessage("codel setting 'target' needs a value, as key=value");
        assertThatThrownBy(() -> AqmSpec.parse("codel:ecn=on,ecn=off")).hasMessage("codel key 'ecn' is given twice");
        assertThatThrownBy(() -> AqmSpec.parse("droptail:limit=5p")).hasMessage("unknown key 'limit' for droptail, allowed: none");
        assertThatThrownBy(() -> AqmSpec.parse("fq_codel:quantum=10p"))
                .hasMessage("fq_codel quantum must be a size in bytes from 1B to 1048576B, got '10p'");
        assertThatThrownBy(() -> AqmSpec.parse("red:min=15p,max=5p")).hasMessageContaining("red: RED needs min < max");
    }
}
